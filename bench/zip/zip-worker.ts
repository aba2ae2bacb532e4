/**
 * One ZIP as the gallery makes it, in its own process so its peak memory is its own: the gallery's
 * zipStream (one photo fetched at a time, the next one's request ahead) over HTTP from
 * the parent's file server, streamed to a file on disk like the File System Access path.
 * argv: output path, then `--download-only` to fetch the same photos one after another and drop their
 * bytes (no ZIP, no disk: the ceiling the rest leaves); stdin: the photo URLs as JSON. Prints a
 * WorkerResult (bench/zip/zip.ts).
 *
 * The peak is VmHWM from /proc/self/status, the high-water mark of this process's own memory map.
 * Not `process.resourceUsage().maxRSS`: Linux keeps getrusage's maxrss across fork and exec, so a
 * child started by a big parent reports the parent's RSS at the fork (that is how an earlier report
 * showed 625 and then 1,011 MiB "flat in the order size": the bench process's own size).
 */
import { readFileSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { zipStream } from '../../web/src/features/order-gallery/zip/zip';

const MiB = 2 ** 20;
const SAMPLE_MS = 50;

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text;
}

/**
 * The disk as the File System Access API's writable stream behaves: one chunk at a time, each write
 * awaited. (Node's `Writable.toWeb` counts the fs stream's 16 KiB high-water mark in chunks, queueing
 * up to 16384 chunks in memory: that would measure Node's adapter, not the gallery.)
 */
async function fileSink(path: string): Promise<WritableStream<Uint8Array>> {
  const handle = await open(path, 'w');
  return new WritableStream<Uint8Array>(
    {
      write: async (chunk) => {
        await handle.write(chunk);
      },
      close: () => handle.close(),
      abort: () => handle.close(),
    },
    new CountQueuingStrategy({ highWaterMark: 1 }),
  );
}

const vmHwmMiB = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;

/** Where the memory is while zipping: the highest of each of process.memoryUsage()'s parts. */
function sampleMemory() {
  const peak = { heapUsed: 0, external: 0, arrayBuffers: 0 };
  const timer = setInterval(() => {
    const usage = process.memoryUsage();
    for (const key of Object.keys(peak) as (keyof typeof peak)[])
      peak[key] = Math.max(peak[key], usage[key] / MiB);
  }, SAMPLE_MS);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

/** Every photo fetched in turn and its bytes dropped; the bytes received. */
async function downloadOnly(urls: string[]): Promise<number> {
  let bytes = 0;
  for (const url of urls) {
    const response = await fetch(url);
    for await (const chunk of response.body!) bytes += chunk.byteLength;
  }
  return bytes;
}

const output = process.argv[2]!;
const urls = JSON.parse(await readStdin()) as string[];
if (process.argv[3] === '--download-only') {
  const started = performance.now();
  const bytes = await downloadOnly(urls);
  process.stdout.write(JSON.stringify({ ms: performance.now() - started, bytes }));
  process.exit(0);
}
const photos = urls.map((url, i) => ({ photoId: `photo-${i}`, url }));
const idleRssMiB = process.memoryUsage().rss / MiB;
const stopSampling = sampleMemory();
const started = performance.now();
await zipStream(
  photos,
  () => undefined,
  (input) => fetch(input),
).pipeTo(await fileSink(output));
const ms = performance.now() - started;
const peaks = stopSampling();
const { size } = await stat(output);
process.stdout.write(
  JSON.stringify({
    ms,
    bytes: size,
    idleRssMiB,
    peakRssMiB: vmHwmMiB(),
    peakHeapUsedMiB: peaks.heapUsed,
    peakExternalMiB: peaks.external,
    peakArrayBuffersMiB: peaks.arrayBuffers,
  }),
);
