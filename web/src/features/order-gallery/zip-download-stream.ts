/**
 * The page side of web/public/zip-download-sw.js: streams a ZIP to the browser's download manager
 * through a service worker, for browsers without the File System Access API (Firefox, Safari, mobile).
 * The worker pulls one chunk at a time over a MessageChannel, so memory stays at a chunk or two
 * whatever the order's size.
 */
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

/** Serves the worker's pulls from the stream until it ends; rejects when the stream fails. */
function serve(port: MessagePort, stream: ReadableStream<Uint8Array>): Promise<void> {
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
      if (data !== 'pull') return;
      reader.read().then(
        ({ done, value }) => {
          // Transferred, not copied: the archive's chunks are fresh memory nothing reads again
          // (zip-archive.ts, zip-blocks.ts), and a copy would leave one more MiB of garbage per block.
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

/** Streams `stream` into a download named `fileName`; settles when the last chunk has been handed over. */
export async function downloadThroughWorker(
  worker: ServiceWorker,
  stream: ReadableStream<Uint8Array>,
  fileName: string,
): Promise<void> {
  const id = crypto.randomUUID();
  const channel = new MessageChannel();
  const ready = waitFor(channel.port1, 'ready');
  worker.postMessage({ type: 'zip-download', id, fileName }, [channel.port2]);
  await ready;
  const served = serve(channel.port1, stream);
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
