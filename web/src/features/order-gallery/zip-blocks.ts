/**
 * A photo's bytes in blocks of a MiB instead of the network's 16–64 KiB chunks. Each chunk costs a
 * trip through the archive's generator and the stream, a write to the picked file (a round trip to
 * the browser process) or a pull message to the download worker and its answer: tens of thousands of
 * them for a 2.5 GB order. Blocks are copied once into fresh memory (the sink may still hold the last
 * one), so the tab holds a block or two whatever the order's size.
 */
export const ZIP_BLOCK_BYTES = 1024 * 1024;

export async function* inBlocks(
  chunks: AsyncIterable<Uint8Array>,
  blockBytes: number = ZIP_BLOCK_BYTES,
): AsyncGenerator<Uint8Array> {
  let block = new Uint8Array(blockBytes);
  let filled = 0;
  for await (const chunk of chunks) {
    let offset = 0;
    while (offset < chunk.length) {
      const taken = Math.min(blockBytes - filled, chunk.length - offset);
      block.set(chunk.subarray(offset, offset + taken), filled);
      filled += taken;
      offset += taken;
      if (filled === blockBytes) {
        yield block;
        block = new Uint8Array(blockBytes);
        filled = 0;
      }
    }
  }
  if (filled > 0) yield block.subarray(0, filled);
}
