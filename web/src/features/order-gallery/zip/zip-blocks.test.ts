import { describe, expect, it } from 'vitest';
import { BlockPool, bodyBlocks, inBlocks } from './zip-blocks';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (block: Uint8Array) => new TextDecoder().decode(block);

async function* chunksOf(...parts: Uint8Array[]) {
  for (const part of parts) yield part;
}

/** A byte stream (as a fetch body is) giving `parts` as its chunks. */
const byteStream = (...parts: string[]) =>
  new ReadableStream({
    type: 'bytes',
    start(controller) {
      for (const part of parts) if (part) controller.enqueue(bytes(part));
      controller.close();
    },
  });

async function collect(blocks: AsyncIterable<Uint8Array>): Promise<string[]> {
  const out: string[] = [];
  for await (const block of blocks) out.push(text(block));
  return out;
}

describe('block pool', () => {
  it('hands back the memory it was given, and a fresh block when it has none', () => {
    const pool = new BlockPool(4);
    const spare = new ArrayBuffer(4);
    pool.give(spare);
    expect(pool.take().buffer).toBe(spare);
    expect(pool.take().byteLength).toBe(4);
  });

  it('keeps only whole blocks, and no more than its limit', () => {
    const pool = new BlockPool(4, 2);
    pool.give(new ArrayBuffer(3)); // a header's memory
    pool.give(new ArrayBuffer(0)); // a detached buffer
    expect(pool.spareCount).toBe(0);
    for (let i = 0; i < 5; i++) pool.give(new ArrayBuffer(4));
    expect(pool.spareCount).toBe(2);
  });
});

describe('blocks', () => {
  it('regroups chunks into full blocks and a last partial one, bytes unchanged', async () => {
    const source = [bytes('abc'), bytes('defgh'), bytes(''), bytes('ijklmnopq'), bytes('r')];
    expect(await collect(inBlocks(chunksOf(...source), new BlockPool(4)))).toEqual([
      'abcd',
      'efgh',
      'ijkl',
      'mnop',
      'qr',
    ]);
  });

  it('takes each block from the pool, so a block handed back is filled again', async () => {
    const pool = new BlockPool(4);
    const seen: ArrayBufferLike[] = [];
    for await (const block of inBlocks(chunksOf(bytes('abcdefghijkl')), pool)) {
      seen.push(block.buffer);
      pool.give(block.buffer as ArrayBuffer); // the consumer is done with it
    }
    expect(new Set(seen).size).toBe(1);
  });

  it('hands out a new block while the consumer still holds the last one', async () => {
    const blocks: Uint8Array[] = [];
    for await (const block of inBlocks(
      chunksOf(new Uint8Array(8).fill(1), new Uint8Array(4).fill(2)),
      new BlockPool(4),
    ))
      blocks.push(block);
    expect(blocks.map((b) => [...b])).toEqual([
      [1, 1, 1, 1],
      [1, 1, 1, 1],
      [2, 2, 2, 2],
    ]);
  });

  it('reads a byte stream (a fetch body) straight into the blocks, bytes unchanged', async () => {
    const body = byteStream('abc', 'defgh', 'ijklmnopq', 'r');
    expect(await collect(bodyBlocks(body, new BlockPool(4)))).toEqual(['abcd', 'efgh', 'ijkl', 'mnop', 'qr']);
  });

  it('reads a byte stream into memory handed back to the pool, allocating no block of its own', async () => {
    const pool = new BlockPool(4);
    const spares = [new ArrayBuffer(4), new ArrayBuffer(4)];
    for (const spare of spares) pool.give(spare);
    const blocks: Uint8Array[] = [];
    for await (const block of bodyBlocks(byteStream('abcd', 'efg'), pool)) blocks.push(block);
    // A BYOB read transfers the memory it fills: the pool's buffers are detached, not copied.
    expect(spares.map((spare) => spare.byteLength)).toEqual([0, 0]);
    expect(blocks.map(text)).toEqual(['abcd', 'efg']);
    expect(pool.spareCount).toBe(0);
  });

  it('reads a body that is not a byte stream chunk by chunk', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of ['abc', 'defgh']) controller.enqueue(bytes(part));
        controller.close();
      },
    });
    expect(await collect(bodyBlocks(body, new BlockPool(4)))).toEqual(['abcd', 'efgh']);
  });
});
