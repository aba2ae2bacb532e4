// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZipWorkerStalled, downloadThroughWorker } from './zip-download-stream';

/** A stand-in for web/public/zip-download-sw.js: answers 'ready', then pulls the whole stream (or never). */
function fakeWorker(pulls: boolean) {
  const received: Uint8Array[] = [];
  const worker = {
    postMessage: (message: { type: string; fileName: string }, [port]: MessagePort[]) => {
      port!.onmessage = ({ data }) => {
        if (data.chunk) received.push(data.chunk);
        if (data.chunk && pulls) port!.postMessage('pull');
      };
      port!.postMessage('ready');
      if (pulls) port!.postMessage('pull');
    },
  };
  return { worker: worker as unknown as ServiceWorker, received };
}

const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('ZIP through the service worker', () => {
  it('hands every chunk to the worker as it pulls, through a hidden frame under /zip-download/', async () => {
    const { worker, received } = fakeWorker(true);
    await downloadThroughWorker(worker, streamOf('PK', 'data'), 'shutterlane-abcdefgh.zip');
    expect(received.map((chunk) => new TextDecoder().decode(chunk))).toEqual(['PK', 'data']);
    const frame = document.querySelector('iframe')!;
    expect(frame.hidden).toBe(true);
    expect(new URL(frame.src).pathname).toMatch(/^\/zip-download\/[\w-]+\/shutterlane-abcdefgh\.zip$/);
  });

  it('transfers each chunk to the worker instead of copying it', async () => {
    const { worker, received } = fakeWorker(true);
    const chunk = new TextEncoder().encode('PK\u0003\u0004');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(chunk);
        controller.close();
      },
    });
    await downloadThroughWorker(worker, stream, 'x.zip');
    expect(chunk.byteLength).toBe(0); // detached: the page no longer holds the bytes
    expect(new TextDecoder().decode(received[0])).toBe('PK\u0003\u0004');
  });

  it('gives up after 15 s without a pull, leaving the archive unread for another way', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { worker } = fakeWorker(false);
    const stream = streamOf('PK');
    const download = downloadThroughWorker(worker, stream, 'x.zip');
    const outcome = download.catch((error: unknown) => error);
    await vi.waitFor(() => expect(document.querySelector('iframe')).not.toBeNull());
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await outcome).toBeInstanceOf(ZipWorkerStalled);
    expect(new TextDecoder().decode(await new Response(stream).arrayBuffer())).toBe('PK');
  });
});
