/**
 * Shutterlane's ZIP download stream, for browsers without the File System Access API: the gallery
 * page makes the ZIP and hands it over chunk by chunk through a MessageChannel; this worker answers
 * the page's hidden-frame request for /zip-download/{id}/{file name} with a streamed attachment, so
 * the browser writes the archive to disk as it is made and the tab never holds it whole.
 * Scope /zip-download/ only: it never sees the app's own requests.
 * (web/src/features/order-gallery/zip/zip-download-stream.ts is the page side.)
 */
const pending = new Map();

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Chunks the stream holds ahead of the download: one, so the next is ready when it asks. */
const QUEUED_CHUNKS = 1;
/**
 * Chunks the download may still need: Chromium reads a response stream one chunk at a time, asking for
 * the next only once it has written the last one out, and a pull comes when the queue has room; so at
 * a pull, all but the newest QUEUED_CHUNKS + 1 are done with.
 */
const CHUNKS_IN_USE = QUEUED_CHUNKS + 1;

/**
 * A stream that asks the page for one chunk each time the download wants more (backpressure). Each
 * pull hands the page back the memory of a chunk the download has written (transferred, not copied),
 * which the page fills with the next block: the same few MiB go round instead of a fresh buffer per
 * block, which Chromium would collect only long after (zip-blocks.ts).
 */
function streamFromPort(port) {
  const lent = [];
  return new ReadableStream(
    {
      pull(controller) {
        return new Promise((resolve) => {
          port.onmessage = ({ data }) => {
            if (data.error) controller.error(new Error(data.error));
            else if (data.done) controller.close();
            else {
              controller.enqueue(data.chunk);
              lent.push(data.chunk.buffer);
            }
            resolve();
          };
          const spare = lent.length > CHUNKS_IN_USE ? lent.shift() : undefined;
          port.postMessage({ pull: true, spare }, spare ? [spare] : []);
        });
      },
      cancel() {
        port.postMessage('cancel');
      },
    },
    { highWaterMark: QUEUED_CHUNKS },
  );
}

self.addEventListener('message', (event) => {
  const { data } = event;
  const port = event.ports[0];
  if (!data || data.type !== 'zip-download' || !port) return;
  pending.set(data.id, { stream: streamFromPort(port), fileName: data.fileName });
  port.postMessage('ready');
});

self.addEventListener('fetch', (event) => {
  const match = /^\/zip-download\/([^/]+)\//.exec(new URL(event.request.url).pathname);
  if (!match) return;
  const download = pending.get(match[1]);
  if (!download) {
    event.respondWith(new Response('This download has ended.', { status: 404 }));
    return;
  }
  pending.delete(match[1]);
  const safeName = String(download.fileName).replace(/[^\w.-]/g, '_');
  event.respondWith(
    new Response(download.stream, {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${safeName}"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    }),
  );
});
