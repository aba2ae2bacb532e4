// @vitest-environment jsdom
// jsdom, not happy-dom: happy-dom reports every download frame it does not load as an error.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlockPool } from './zip-blocks';
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

  it('reads the archive only as the worker pulls: never more than one chunk ahead of it', async () => {
    let produced = 0;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          produced++;
          if (produced > 10) controller.close();
          else controller.enqueue(new Uint8Array(4));
        },
      },
      { highWaterMark: 0 },
    );
    let port: MessagePort | undefined;
    let received = 0;
    const worker = {
      postMessage: (_message: unknown, [workerPort]: MessagePort[]) => {
        port = workerPort!;
        port.onmessage = ({ data }) => {
          if (data.chunk) received++;
        };
        port.postMessage('ready');
      },
    } as unknown as ServiceWorker;
    const download = downloadThroughWorker(worker, stream, 'x.zip');
    await vi.waitFor(() => expect(port).toBeDefined());
    for (let pull = 1; pull <= 3; pull++) {
      port!.postMessage({ pull: true });
      await vi.waitFor(() => expect(received).toBe(pull));
      await new Promise((resolve) => setTimeout(resolve, 20)); // time to run ahead, if it would
      expect(produced).toBeLessThanOrEqual(pull + 1);
    }
    port!.postMessage('cancel'); // ends the download, which rejects as cancelled
    await expect(download).rejects.toThrow('cancelled');
  });

  it("puts the memory of a chunk the worker hands back into the blocks' pool", async () => {
    const pool = new BlockPool(4);
    const spare = new ArrayBuffer(4);
    const worker = {
      postMessage: (_message: unknown, [port]: MessagePort[]) => {
        port!.onmessage = ({ data }) => {
          if (data.chunk) port!.postMessage({ pull: true });
        };
        port!.postMessage('ready');
        port!.postMessage({ pull: true, spare }, [spare]);
      },
    } as unknown as ServiceWorker;
    await downloadThroughWorker(worker, streamOf('PK'), 'x.zip', pool);
    expect(pool.spareCount).toBe(1);
    expect(pool.take().byteLength).toBe(4);
  });
});
