/**
 * One ZIP as the gallery makes it, in its own process so its peak memory is its own: the gallery's
 * zipStream (client-zip, one photo fetched at a time, the next one's request ahead) over HTTP from
 * the parent's file server, streamed to a file on disk like the File System Access path.
 * argv: output path; stdin: the photo URLs as JSON. Prints { ms, bytes, startRssMiB, maxRssMiB }.
 */
import { open, stat } from 'node:fs/promises';
import { zipStream } from '../web/src/features/order-gallery/zip';

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

const startRssMiB = process.memoryUsage().rss / 2 ** 20;
const output = process.argv[2]!;
const urls = JSON.parse(await readStdin()) as string[];
const photos = urls.map((url, i) => ({ photoId: `photo-${i}`, url }));
const started = performance.now();
await zipStream(
  photos,
  () => undefined,
  (input) => fetch(input),
).pipeTo(await fileSink(output));
const ms = performance.now() - started;
const { size } = await stat(output);
const maxRssMiB = process.resourceUsage().maxRSS / 1024;
process.stdout.write(JSON.stringify({ ms, bytes: size, startRssMiB, maxRssMiB }));
