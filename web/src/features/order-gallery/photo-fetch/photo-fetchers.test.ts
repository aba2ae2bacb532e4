import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import type { MessageEnd } from './photo-fetch-protocol';
import { servePhotoFetches } from './photo-fetch-service';
import { PHOTOS_PER_WORKER, PhotoFetchers, PhotoFetchFailed, type WorkerLike } from './photo-fetchers';
import { BlockPool, ZIP_BLOCK_BYTES } from '../zip/zip-blocks';

/** Workers as the page sees them, each running the worker's real code over a message channel. */
function inProcessWorkers(fetchImpl: typeof fetch) {
  const made: { terminated: boolean }[] = [];
  const create = (): WorkerLike => {
    const { port1, port2 } = new MessageChannel();
    servePhotoFetches(port2 as unknown as MessageEnd, fetchImpl);
    const record = { terminated: false };
    made.push(record);
    return {
      postMessage: (message: unknown, transfer?: Transferable[]) =>
        port1.postMessage(message, transfer as never),
      terminate: () => {
        record.terminated = true;
        port1.close();
      },
      set onmessage(handler: ((event: MessageEvent) => void) | null) {
        (port1 as unknown as MessageEnd).onmessage = handler;
      },
      onerror: null,
    } as unknown as WorkerLike;
  };
  return { create, made };
}

const bytesOf = (url: string, size: number) => {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i + url.length) % 251;
  return bytes;
};

async function readAll(body: (pool: BlockPool) => AsyncGenerator<Uint8Array>, pool: BlockPool) {
  const parts: Uint8Array[] = [];
  for await (const block of body(pool)) {
    parts.push(block.slice());
    pool.give(block.buffer as ArrayBuffer); // as the download worker hands blocks back
  }
  return Buffer.concat(parts);
}

describe('PhotoFetchers', () => {
  it("reads every photo's bytes whole, a new worker every few photos, each ended once its photos are read", async () => {
    const size = (url: string) => (url.endsWith('/0') ? Math.round(2.5 * ZIP_BLOCK_BYTES) : 1000);
    const { create, made } = inProcessWorkers(
      async (url) => new Response(bytesOf(String(url), size(String(url)))),
    );
    const fetchers = new PhotoFetchers(create);
    const pool = new BlockPool();
    const count = PHOTOS_PER_WORKER + 3;
    for (let i = 0; i < count; i++) {
      const url = `https://s3/photo/${i}`;
      const body = await fetchers.open(url);
      expect(Buffer.from(await readAll(body, pool)).equals(Buffer.from(bytesOf(url, size(url))))).toBe(true);
    }
    expect(made).toHaveLength(2);
    // The first worker ended once its last photo was read; the second is ended with the ZIP.
    expect(made.map((worker) => worker.terminated)).toEqual([true, false]);
    fetchers.close();
    expect(made[1]!.terminated).toBe(true);
  });

  it('fails a photo the server answers without, with its status', async () => {
    const { create } = inProcessWorkers(async () => new Response('gone', { status: 403 }));
    const fetchers = new PhotoFetchers(create);
    const error = await fetchers.open('https://s3/photo/1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PhotoFetchFailed);
    expect((error as PhotoFetchFailed).status).toBe(403);
    fetchers.close();
  });

  it('fails a body that breaks off half-way', async () => {
    const { create } = inProcessWorkers(async () => {
      let sent = false;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent) controller.error(new Error('connection reset'));
          else controller.enqueue(new Uint8Array(100));
          sent = true;
        },
      });
      return new Response(body);
    });
    const fetchers = new PhotoFetchers(create);
    const body = await fetchers.open('https://s3/photo/1');
    await expect(readAll(body, new BlockPool())).rejects.toBeInstanceOf(PhotoFetchFailed);
    fetchers.close();
  });

  it('cancels the rest of a body when the ZIP stops reading it', async () => {
    const cancel = vi.fn();
    const { create } = inProcessWorkers(async () => {
      const body = new ReadableStream<Uint8Array>({
        pull: (controller) => controller.enqueue(new Uint8Array(ZIP_BLOCK_BYTES)),
        cancel,
      });
      return new Response(body);
    });
    const fetchers = new PhotoFetchers(create);
    const blocks = (await fetchers.open('https://s3/photo/1'))(new BlockPool());
    expect((await blocks.next()).value).toHaveLength(ZIP_BLOCK_BYTES);
    await blocks.return(undefined);
    await vi.waitFor(() => expect(cancel).toHaveBeenCalled());
    fetchers.close();
  });
});
