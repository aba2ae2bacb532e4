/**
 * The worker's side of the ZIP's photo fetches (photo-fetch-worker.ts runs it; photo-fetchers.ts is
 * the page's side). Each photo's body is read into blocks (zip-blocks.ts) whose memory the page keeps
 * handing back, so the worker allocates almost nothing of its own.
 */
import { photoFetchInit } from '../save/downloads';
import type { FetchReply, FetchRequest, MessageEnd } from './photo-fetch-protocol';
import { BlockPool, bodyBlocks } from '../zip/zip-blocks';

export function servePhotoFetches(end: MessageEnd, fetchImpl: typeof fetch = fetch): void {
  const pool = new BlockPool();
  const bodies = new Map<number, { body: ReadableStream<Uint8Array>; blocks: AsyncGenerator<Uint8Array> }>();
  const reply = (message: FetchReply, transfer: Transferable[] = []) => end.postMessage(message, transfer);

  const open = async (id: number, url: string) => {
    try {
      const response = await fetchImpl(url, photoFetchInit);
      if (!response.ok || !response.body) {
        void response.body?.cancel();
        reply({ type: 'failed', id, status: response.status });
        return;
      }
      bodies.set(id, { body: response.body, blocks: bodyBlocks(response.body, pool) });
      reply({ type: 'opened', id });
    } catch (error) {
      reply({ type: 'failed', id, error: String(error) });
    }
  };

  const read = async (id: number) => {
    const blocks = bodies.get(id)?.blocks;
    if (!blocks) {
      reply({ type: 'failed', id, error: 'no open photo' });
      return;
    }
    try {
      const { done, value } = await blocks.next();
      if (done) {
        bodies.delete(id);
        reply({ type: 'end', id });
      } else {
        const block = value as Uint8Array<ArrayBuffer>;
        // Transferred: the generator takes a fresh block from the pool before it writes again.
        reply({ type: 'block', id, block }, [block.buffer]);
      }
    } catch (error) {
      bodies.delete(id);
      reply({ type: 'failed', id, error: String(error) });
    }
  };

  /** The page stopped reading half-way: the rest of the body is not downloaded. */
  const close = async (id: number) => {
    const entry = bodies.get(id);
    bodies.delete(id);
    await entry?.blocks.return(undefined);
    await entry?.body.cancel().catch(() => undefined);
  };

  end.onmessage = ({ data }: MessageEvent<FetchRequest>) => {
    if (data.type === 'open') void open(data.id, data.url);
    else if (data.type === 'read') {
      if (data.spare) pool.give(data.spare);
      void read(data.id);
    } else if (data.type === 'close') void close(data.id);
  };
}
