/**
 * A streamed ZIP of stored (uncompressed) entries: photos are JPEGs already, so deflating them would
 * cost time for nothing. Each entry is a local header, the bytes as they arrive, and a data
 * descriptor with the CRC-32 and size found on the way; the central directory follows the last one,
 * with ZIP64 records once the archive passes 4 GiB or 65,535 entries (a big order does). One entry's
 * size stays under 4 GiB (a photo is far smaller), so no entry needs ZIP64 sizes.
 *
 * Why not a ZIP library: client-zip, which the gallery used before, computes its byte-at-a-time CRC-32
 * itself, which was most of the time a 2.5 GB order took (the ZIP bench), with no way to plug in a
 * faster one; fflate streams stored entries fast but writes no ZIP64, which a big order needs. The
 * format part left to us is the headers below; the checksum comes from SheetJS's crc-32 (zip-crc32.ts).
 */
import { crc32 } from './zip-crc32';

export interface ArchiveEntry {
  name: string;
  input: AsyncIterable<Uint8Array>;
}

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const END = 0x06054b50;
/** Bit 3: sizes and CRC in the data descriptor; bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
const VERSION_STORED = 20;
const VERSION_ZIP64 = 45;
/** Made by UNIX (3), so the external attributes below are read as a file mode. */
const MADE_BY_UNIX = 3 << 8;
const FILE_MODE = 0o100664;
const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;

interface Written {
  name: Uint8Array;
  crc: number;
  size: number;
  offset: number;
}

/** DOS date and time (local time, two-second steps), as ZIP headers store them. */
export function dosDateTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    date: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

function record(length: number): [Uint8Array, DataView] {
  const bytes = new Uint8Array(length);
  return [bytes, new DataView(bytes.buffer)];
}

function localHeader(name: Uint8Array, stamp: { time: number; date: number }): Uint8Array {
  const [bytes, view] = record(30 + name.length);
  view.setUint32(0, LOCAL_HEADER, true);
  view.setUint16(4, VERSION_STORED, true);
  view.setUint16(6, FLAGS, true);
  view.setUint16(10, stamp.time, true);
  view.setUint16(12, stamp.date, true);
  // CRC-32 and sizes (offsets 14–25) stay 0: the data descriptor has them.
  view.setUint16(26, name.length, true);
  bytes.set(name, 30);
  return bytes;
}

function dataDescriptor(entry: Written): Uint8Array {
  const [bytes, view] = record(16);
  view.setUint32(0, DATA_DESCRIPTOR, true);
  view.setUint32(4, entry.crc, true);
  view.setUint32(8, entry.size, true);
  view.setUint32(12, entry.size, true);
  return bytes;
}

/** An entry's central directory header; its local header's offset in a ZIP64 extra field past 4 GiB. */
export function centralHeader(entry: Written, stamp: { time: number; date: number }): Uint8Array {
  const zip64 = entry.offset >= MAX_32;
  const extra = zip64 ? 12 : 0;
  const [bytes, view] = record(46 + entry.name.length + extra);
  view.setUint32(0, CENTRAL_HEADER, true);
  view.setUint16(4, MADE_BY_UNIX | VERSION_ZIP64, true);
  view.setUint16(6, zip64 ? VERSION_ZIP64 : VERSION_STORED, true);
  view.setUint16(8, FLAGS, true);
  view.setUint16(12, stamp.time, true);
  view.setUint16(14, stamp.date, true);
  view.setUint32(16, entry.crc, true);
  view.setUint32(20, entry.size, true);
  view.setUint32(24, entry.size, true);
  view.setUint16(28, entry.name.length, true);
  view.setUint16(30, extra, true);
  view.setUint32(38, FILE_MODE << 16, true);
  view.setUint32(42, zip64 ? MAX_32 : entry.offset, true);
  bytes.set(entry.name, 46);
  if (zip64) {
    const at = 46 + entry.name.length;
    view.setUint16(at, 1, true); // the ZIP64 extra field's id
    view.setUint16(at + 2, 8, true);
    view.setBigUint64(at + 4, BigInt(entry.offset), true);
  }
  return bytes;
}

/**
 * What follows the central directory: the end record, preceded by the ZIP64 end record and its
 * locator when a count or offset does not fit the end record's fields.
 */
export function endRecords(count: number, directoryOffset: number, directorySize: number): Uint8Array {
  const zip64 = count >= MAX_16 || directoryOffset >= MAX_32 || directorySize >= MAX_32;
  const [bytes, view] = record((zip64 ? 56 + 20 : 0) + 22);
  let at = 0;
  if (zip64) {
    const zip64EndOffset = directoryOffset + directorySize;
    view.setUint32(0, ZIP64_END, true);
    view.setBigUint64(4, 44n, true); // the record's size after this field
    view.setUint16(12, MADE_BY_UNIX | VERSION_ZIP64, true);
    view.setUint16(14, VERSION_ZIP64, true);
    view.setBigUint64(24, BigInt(count), true);
    view.setBigUint64(32, BigInt(count), true);
    view.setBigUint64(40, BigInt(directorySize), true);
    view.setBigUint64(48, BigInt(directoryOffset), true);
    view.setUint32(56, ZIP64_LOCATOR, true);
    view.setBigUint64(64, BigInt(zip64EndOffset), true);
    view.setUint32(72, 1, true); // one disk in all
    at = 76;
  }
  view.setUint32(at, END, true);
  view.setUint16(at + 8, Math.min(count, MAX_16), true);
  view.setUint16(at + 10, Math.min(count, MAX_16), true);
  view.setUint32(at + 12, Math.min(directorySize, MAX_32), true);
  view.setUint32(at + 16, zip64 ? MAX_32 : directoryOffset, true);
  return bytes;
}

/**
 * The archive's parts in order. Each part's length is counted before it is handed on: the reader may
 * transfer a part's memory elsewhere (the download worker does), leaving it empty here.
 */
async function* archiveParts(entries: AsyncIterable<ArchiveEntry>, stamp: { time: number; date: number }) {
  const encoder = new TextEncoder();
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const name = encoder.encode(entry.name);
    const start = offset;
    const header = localHeader(name, stamp);
    offset += header.length;
    yield header;
    let crc = 0;
    let size = 0;
    for await (const chunk of entry.input) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      yield chunk;
    }
    if (size >= MAX_32) throw new RangeError(`ZIP entry ${entry.name} is 4 GiB or more`);
    const done = { name, crc, size, offset: start };
    written.push(done);
    offset += size;
    const descriptor = dataDescriptor(done);
    offset += descriptor.length;
    yield descriptor;
  }
  const directoryOffset = offset;
  for (const entry of written) {
    const header = centralHeader(entry, stamp);
    offset += header.length;
    yield header;
  }
  yield endRecords(written.length, directoryOffset, offset - directoryOffset);
}

/** The archive as a stream that reads the next entry's bytes only when its reader asks for more. */
export function makeStoredZip(
  entries: AsyncIterable<ArchiveEntry>,
  modified: Date = new Date(),
): ReadableStream<Uint8Array> {
  const parts = archiveParts(entries, dosDateTime(modified));
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await parts.next();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      async cancel() {
        await parts.return(undefined); // the entry being read releases its photo's body
      },
    },
    { highWaterMark: 0 },
  );
}
