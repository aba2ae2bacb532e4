/**
 * CRC-32 (the ZIP and gzip one) of the archive's entries, by SheetJS's crc-32 (slice-by-16 tables):
 * for a photo order this checksum is the ZIP's main cost, and client-zip's byte-at-a-time one held the
 * whole download to about a third of `zip -0`'s speed (bench/report.md, "Gallery ZIP").
 */
import CRC32 from 'crc-32';

/** The CRC-32 of `bytes`, continuing from `previous` (the CRC of what came before; 0 to start). */
export const crc32 = (bytes: Uint8Array, previous = 0): number => CRC32.buf(bytes, previous) >>> 0;
