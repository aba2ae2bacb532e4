/**
 * A minimal ZIP reader for tests: the central directory's entries with their stored (method 0) or
 * deflated (method 8) bytes. Enough to check what the gallery's ZIP holds, with no extra package.
 */
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  method: number;
  data: Buffer;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_MARK = 0xffffffff;

function endOfCentralDirectory(zip: Buffer): number {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === EOCD) return at;
  }
  throw new Error('not a zip: no end of central directory');
}

/** Sizes and offset from the zip64 extra field (id 1) when the 32-bit fields are saturated. */
function zip64Values(extra: Buffer, wanted: { size: boolean; compressed: boolean; offset: boolean }) {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 1) {
      let cursor = at + 4;
      const next = () => {
        const value = Number(extra.readBigUInt64LE(cursor));
        cursor += 8;
        return value;
      };
      return {
        size: wanted.size ? next() : undefined,
        compressed: wanted.compressed ? next() : undefined,
        offset: wanted.offset ? next() : undefined,
      };
    }
    at += 4 + length;
  }
  return {};
}

export function readZip(zip: Buffer): ZipEntry[] {
  const eocd = endOfCentralDirectory(zip);
  let count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  if (at === ZIP64_MARK || count === 0xffff) {
    // zip64 end of central directory, found through its locator just before the EOCD
    const record = Number(zip.readBigUInt64LE(eocd - 20 + 8));
    count = Number(zip.readBigUInt64LE(record + 32));
    at = Number(zip.readBigUInt64LE(record + 48));
  }
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL) throw new Error(`bad central directory entry ${i}`);
    const method = zip.readUInt16LE(at + 10);
    let compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    let offset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const extra = zip.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
    const big = zip64Values(extra, {
      size: size === ZIP64_MARK,
      compressed: compressed === ZIP64_MARK,
      offset: offset === ZIP64_MARK,
    });
    compressed = big.compressed ?? compressed;
    offset = big.offset ?? offset;
    if (zip.readUInt32LE(offset) !== LOCAL) throw new Error(`bad local header for ${name}`);
    const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const raw = zip.subarray(start, start + compressed);
    entries.push({ name, method, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
