import { describe, expect, it } from 'vitest';
import { centralHeader, dosDateTime, endRecords, makeStoredZip } from './zip-archive';
import { crc32 } from './zip-crc32';

const bytes = (text: string) => new TextEncoder().encode(text);

/** The entries as the central directory lists them, each with its stored bytes (archives under 4 GiB). */
function readZip(zip: Buffer) {
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end)).toBe(0x06054b50);
  const entries = [];
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const [method, crc, size] = [
      zip.readUInt16LE(at + 10),
      zip.readUInt32LE(at + 16),
      zip.readUInt32LE(at + 24),
    ];
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const local = zip.readUInt32LE(at + 42);
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    expect(crc32(data)).toBe(crc);
    entries.push({ name, method, data });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

async function* chunksOf(...parts: Uint8Array[]) {
  for (const part of parts) yield part;
}

async function archive(entries: { name: string; parts: Uint8Array[] }[]): Promise<Buffer> {
  async function* inputs() {
    for (const entry of entries) yield { name: entry.name, input: chunksOf(...entry.parts) };
  }
  return Buffer.from(
    await new Response(makeStoredZip(inputs(), new Date(2026, 10, 23, 19, 20, 42))).arrayBuffer(),
  );
}

describe('CRC-32', () => {
  it('gives the standard check value and continues across chunks', () => {
    expect(crc32(bytes('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
    const whole = crc32(bytes('The quick brown fox jumps over the lazy dog'));
    expect(whole).toBe(0x414fa339);
    // Split at every point, including inside an eight-byte step.
    const text = bytes('The quick brown fox jumps over the lazy dog');
    for (let at = 0; at <= text.length; at++)
      expect(crc32(text.subarray(at), crc32(text.subarray(0, at)))).toBe(whole);
  });
});

describe('the stored ZIP', () => {
  it('holds each entry with its bytes, CRC and size in the data descriptor', async () => {
    const zip = await archive([
      { name: 'a.jpg', parts: [bytes('hello '), bytes('world')] },
      { name: 'é.jpg', parts: [] },
      { name: 'c.jpg', parts: [new Uint8Array(100_003).fill(7)] },
    ]);
    const entries = readZip(zip);
    expect(entries.map((e) => [e.name, e.method, e.data.length])).toEqual([
      ['a.jpg', 0, 11],
      ['é.jpg', 0, 0],
      ['c.jpg', 0, 100_003],
    ]);
    expect(entries[0]!.data.toString()).toBe('hello world');
    // The first entry's data descriptor follows its 11 bytes: signature, CRC, sizes.
    const descriptor = 30 + 'a.jpg'.length + 11;
    expect(zip.readUInt32LE(descriptor)).toBe(0x08074b50);
    expect(zip.readUInt32LE(descriptor + 4)).toBe(crc32(bytes('hello world')));
    expect(zip.readUInt32LE(descriptor + 8)).toBe(11);
    // Sizes in the descriptor (bit 3) and UTF-8 names (bit 11).
    expect(zip.readUInt16LE(6)).toBe(0x0808);
    const end = zip.length - 22;
    expect(zip.readUInt32LE(end)).toBe(0x06054b50);
    expect(zip.readUInt16LE(end + 10)).toBe(3);
  });

  it('stays whole when its reader transfers each part away (as the download worker does)', async () => {
    async function* inputs() {
      yield { name: 'a.jpg', input: chunksOf(bytes('hello'), bytes(' world')) };
      yield { name: 'b.jpg', input: chunksOf(bytes('second')) };
    }
    const reader = makeStoredZip(inputs()).getReader();
    const parts: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // structuredClone with a transfer list detaches the original, as postMessage does.
      parts.push(structuredClone(value, { transfer: [value.buffer] }));
      expect(value.byteLength).toBe(0);
    }
    const entries = readZip(Buffer.concat(parts));
    expect(entries.map((e) => [e.name, e.data.toString()])).toEqual([
      ['a.jpg', 'hello world'],
      ['b.jpg', 'second'],
    ]);
  });

  it('writes an empty archive as just the end record', async () => {
    const zip = await archive([]);
    expect(zip.length).toBe(22);
    expect(readZip(zip)).toEqual([]);
  });

  it('stamps entries with the DOS date and time', () => {
    expect(dosDateTime(new Date(2026, 10, 23, 19, 20, 42))).toEqual({
      time: (19 << 11) | (20 << 5) | 21,
      date: (46 << 9) | (11 << 5) | 23,
    });
  });

  it('moves a local header offset past 4 GiB into a ZIP64 extra field', () => {
    const stamp = { time: 0, date: 0 };
    const name = bytes('p.jpg');
    const near = Buffer.from(centralHeader({ name, crc: 1, size: 2, offset: 0xfffffffe }, stamp));
    expect(near.readUInt32LE(42)).toBe(0xfffffffe);
    expect(near.readUInt16LE(30)).toBe(0);
    const far = Buffer.from(centralHeader({ name, crc: 1, size: 2, offset: 5 * 2 ** 30 }, stamp));
    expect(far.readUInt32LE(42)).toBe(0xffffffff);
    expect(far.readUInt16LE(30)).toBe(12);
    expect(far.readUInt16LE(46 + 5)).toBe(1);
    expect(Number(far.readBigUInt64LE(46 + 5 + 4))).toBe(5 * 2 ** 30);
  });

  it('adds the ZIP64 end record and locator once the directory starts past 4 GiB', () => {
    const small = Buffer.from(endRecords(300, 2_500_000_000, 30_000));
    expect(small.length).toBe(22);
    expect(small.readUInt32LE(16)).toBe(2_500_000_000);
    const offset = 5 * 2 ** 30;
    const big = Buffer.from(endRecords(600, offset, 60_000));
    expect(big.length).toBe(56 + 20 + 22);
    expect(big.readUInt32LE(0)).toBe(0x06064b50);
    expect(Number(big.readBigUInt64LE(32))).toBe(600);
    expect(Number(big.readBigUInt64LE(40))).toBe(60_000);
    expect(Number(big.readBigUInt64LE(48))).toBe(offset);
    expect(big.readUInt32LE(56)).toBe(0x07064b50);
    expect(Number(big.readBigUInt64LE(64))).toBe(offset + 60_000);
    expect(big.readUInt32LE(76 + 16)).toBe(0xffffffff);
    expect(big.readUInt16LE(76 + 10)).toBe(600);
  });

  it('reads the next entry only when its reader asks for more', async () => {
    const pulled: string[] = [];
    async function* inputs() {
      for (const name of ['a', 'b']) {
        pulled.push(name);
        yield { name, input: chunksOf(bytes(name)) };
      }
    }
    const reader = makeStoredZip(inputs()).getReader();
    await reader.read(); // a's local header
    expect(pulled).toEqual(['a']);
    await reader.cancel();
    expect(pulled).toEqual(['a']);
  });
});
