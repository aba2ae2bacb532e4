/**
 * A photo's bytes in blocks of a MiB instead of the network's 16–64 KiB chunks. Each chunk costs a
 * trip through the archive's generator and the stream, a write to the picked file (a round trip to
 * the browser process) or a pull message to the download worker and its answer: tens of thousands of
 * them for a 2.5 GB order.
 *
 * Blocks come from a pool and are filled straight from the response (a BYOB read), so making the ZIP
 * allocates no memory per chunk: Chromium collects the memory behind ArrayBuffers only when its tiny
 * JS heap next needs a collection, and a fresh buffer per network chunk or block grew the tab by
 * hundreds of MiB of garbage over a big order (the ZIP bench). The download worker hands each
 * block back once the download has written it (zip-download-stream.ts), so the same few MiB go round.
 */
export const ZIP_BLOCK_BYTES = 1024 * 1024;
/** Spare blocks kept: the worker hands back one block per pull, so a couple are ever spare. */
const SPARE_BLOCKS = 4;

/** Spare blocks handed back by whoever consumed them; a fresh one when there is none. */
export class BlockPool {
  private readonly spare: ArrayBuffer[] = [];

  constructor(
    readonly blockBytes: number = ZIP_BLOCK_BYTES,
    private readonly limit: number = SPARE_BLOCKS,
  ) {}

  take(): Uint8Array<ArrayBuffer> {
    return new Uint8Array(this.spare.pop() ?? new ArrayBuffer(this.blockBytes));
  }

  /** Keeps a consumed block's memory for the next block; anything else (a header, a detached buffer) is dropped. */
  give(buffer: ArrayBuffer): void {
    if (buffer.byteLength === this.blockBytes && this.spare.length < this.limit) this.spare.push(buffer);
  }

  get spareCount(): number {
    return this.spare.length;
  }
}

/** Chunks of any size copied into the pool's blocks (for a body that cannot be read BYOB). */
export async function* inBlocks(
  chunks: AsyncIterable<Uint8Array>,
  pool: BlockPool = new BlockPool(),
): AsyncGenerator<Uint8Array> {
  let block = pool.take();
  let filled = 0;
  for await (const chunk of chunks) {
    let offset = 0;
    while (offset < chunk.length) {
      const taken = Math.min(block.length - filled, chunk.length - offset);
      block.set(chunk.subarray(offset, offset + taken), filled);
      filled += taken;
      offset += taken;
      if (filled === block.length) {
        yield block;
        block = pool.take();
        filled = 0;
      }
    }
  }
  if (filled > 0) yield block.subarray(0, filled);
}

async function* chunksOf(reader: ReadableStreamDefaultReader<Uint8Array>): AsyncGenerator<Uint8Array> {
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

/** A byte stream read into the pool's blocks with no copy and no allocation per network chunk. */
async function* byobBlocks(reader: ReadableStreamBYOBReader, pool: BlockPool): AsyncGenerator<Uint8Array> {
  let block = pool.take();
  let filled = 0;
  for (;;) {
    const { done, value } = await reader.read(new Uint8Array(block.buffer, filled, block.length - filled));
    // The read transfers the block's memory; what comes back is the same memory, now holding more.
    if (value) {
      block = new Uint8Array(value.buffer);
      filled += value.byteLength;
    }
    if (done) break;
    if (filled === block.length) {
      yield block;
      block = pool.take();
      filled = 0;
    }
  }
  if (filled > 0) yield block.subarray(0, filled);
}

/** A response body in the pool's blocks: read BYOB where the body is a byte stream, else copied. */
export async function* bodyBlocks(
  body: ReadableStream<Uint8Array>,
  pool: BlockPool = new BlockPool(),
): AsyncGenerator<Uint8Array> {
  let byob: ReadableStreamBYOBReader | undefined;
  try {
    byob = body.getReader({ mode: 'byob' });
  } catch {
    // not a byte stream (e.g. a test's Response): read it chunk by chunk
  }
  const reader = byob ?? body.getReader();
  try {
    yield* byob
      ? byobBlocks(byob, pool)
      : inBlocks(chunksOf(reader as ReadableStreamDefaultReader<Uint8Array>), pool);
  } finally {
    reader.releaseLock();
  }
}
