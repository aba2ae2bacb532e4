/**
 * The page side of web/public/zip-download-sw.js: streams a ZIP to the browser's download manager
 * through a service worker, for browsers without the File System Access API (Firefox, Safari, mobile).
 * The worker pulls one chunk at a time over a MessageChannel, so memory stays at a few chunks
 * whatever the order's size, and hands back the memory of chunks the download has written, which the
 * next blocks reuse (zip-blocks.ts).
 */
import type { BlockPool } from './zip-blocks';

const WORKER_URL = '/zip-download-sw.js';
const SCOPE = '/zip-download/';
const ACTIVATION_TIMEOUT_MS = 5_000;
/** The hidden frame stays a moment after the last chunk so the download can finish its handover. */
const FRAME_REMOVAL_DELAY_MS = 10_000;
/** The worker asks for the first chunk at once; silence this long means its download never started. */
const FIRST_PULL_TIMEOUT_MS = 15_000;

/** The worker never asked for the archive: nothing was read, the caller can save it another way. */
export class ZipWorkerStalled extends Error {
  override readonly name = 'ZipWorkerStalled';
}

function activated(worker: ServiceWorker): Promise<ServiceWorker> {
  if (worker.state === 'activated') return Promise.resolve(worker);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('ZIP worker did not activate')), ACTIVATION_TIMEOUT_MS);
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') {
        clearTimeout(timer);
        resolve(worker);
      } else if (worker.state === 'redundant') {
        clearTimeout(timer);
        reject(new Error('ZIP worker became redundant'));
      }
    });
  });
}

/** The active download worker, or undefined when this browser cannot have one (private mode...). */
export async function zipDownloadWorker(): Promise<ServiceWorker | undefined> {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return undefined;
  try {
    const registration = await container.register(WORKER_URL, { scope: SCOPE });
    const worker = registration.active ?? registration.waiting ?? registration.installing;
    return worker ? await activated(worker) : undefined;
  } catch (error) {
    console.warn(error);
    return undefined;
  }
}

function waitFor(port: MessagePort, message: string): Promise<void> {
  return new Promise((resolve) => {
    port.onmessage = ({ data }) => {
      if (data === message) resolve();
    };
  });
}

/** A pull from the worker: `{ pull: true, spare }` (an older worker sent the bare word). */
interface Pull {
  pull: true;
  /** The memory of a chunk the download has written, for the next block (zip-blocks.ts). */
  spare?: ArrayBuffer;
}

/** Realm-proof: a buffer that came through a port may be another realm's ArrayBuffer. */
const isArrayBuffer = (value: unknown): value is ArrayBuffer =>
  Object.prototype.toString.call(value) === '[object ArrayBuffer]';

const isPull = (data: unknown): data is Pull | 'pull' =>
  data === 'pull' || (typeof data === 'object' && data !== null && (data as Pull).pull === true);

/**
 * Serves the worker's pulls from the stream until it ends; rejects when the stream fails. A block
 * the worker hands back goes to `pool`.
 */
function serve(port: MessagePort, stream: ReadableStream<Uint8Array>, pool?: BlockPool): Promise<void> {
  const reader = stream.getReader();
  return new Promise((resolve, reject) => {
    const stalled = setTimeout(() => {
      port.onmessage = null;
      reader.releaseLock();
      reject(new ZipWorkerStalled('The ZIP download did not start'));
    }, FIRST_PULL_TIMEOUT_MS);
    port.onmessage = ({ data }) => {
      clearTimeout(stalled);
      if (data === 'cancel') {
        void reader.cancel();
        reject(new DOMException('The download was cancelled', 'AbortError'));
        return;
      }
      if (!isPull(data)) return;
      if (typeof data === 'object' && isArrayBuffer(data.spare)) pool?.give(data.spare);
      reader.read().then(
        ({ done, value }) => {
          // Transferred, not copied: nothing here reads an archive chunk again (zip-archive.ts), and a
          // copy would leave one more MiB of garbage per block; the worker hands the memory back.
          if (done) port.postMessage({ done: true });
          else port.postMessage({ chunk: value }, [value.buffer]);
          if (done) resolve();
        },
        (error: unknown) => {
          port.postMessage({ error: String(error) });
          reject(error);
        },
      );
    };
  });
}

/**
 * Streams `stream` into a download named `fileName`; settles when the last chunk has been handed
 * over. Blocks the download has written go back to `pool`, the one the stream's blocks come from.
 */
export async function downloadThroughWorker(
  worker: ServiceWorker,
  stream: ReadableStream<Uint8Array>,
  fileName: string,
  pool?: BlockPool,
): Promise<void> {
  const id = crypto.randomUUID();
  const channel = new MessageChannel();
  const ready = waitFor(channel.port1, 'ready');
  worker.postMessage({ type: 'zip-download', id, fileName }, [channel.port2]);
  await ready;
  const served = serve(channel.port1, stream, pool);
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = fileName;
  frame.src = `${SCOPE}${id}/${encodeURIComponent(fileName)}`;
  document.body.append(frame);
  try {
    await served;
  } finally {
    setTimeout(() => {
      frame.remove();
      channel.port1.close();
    }, FRAME_REMOVAL_DELAY_MS);
  }
}
