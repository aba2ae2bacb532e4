/**
 * The seller app's service worker, built into /seller-sw.js by web/scripts/seller-app.ts, which fills
 * in the shell's files (__SELLER_SHELL__) from the build's manifest. Scope `/`: it answers the seller
 * pages' shell offline or on a network too slow to wait for (network first otherwise), keeps the seller
 * pages' hashed files, and passes every other page, the API and the ZIP download worker's scope straight
 * to the network (seller-worker-routing.ts decides). Not imported by the SPA.
 */
import {
  CACHE_PREFIX,
  keepsRuntimeFile,
  sellerWorkerStrategy,
  SHELL_KEY,
  type SellerWorkerStrategy,
} from './seller-worker-routing';
import { networkWithinOrKept } from './slow-network';

/** Written by the build: a version (a digest of the files' names) and the files to fetch on install. */
declare const __SELLER_SHELL__: { version: string; files: string[] };

// The worker global's few parts used here (the DOM library the project compiles with lacks them).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly clientId: string;
  respondWith(response: Promise<Response>): void;
}
interface WorkerGlobal {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  readonly clients: { get(id: string): Promise<{ url: string } | undefined> };
  readonly location: Location;
}
declare const self: WorkerGlobal;

const CACHE = `${CACHE_PREFIX}${__SELLER_SHELL__.version}`;
/**
 * Only this worker's cache; and every copy whatever the request's headers: a server may answer
 * `Vary: Origin` (Vite's preview server does), and a file fetched on install had no Origin header
 * where a module script's request may have one. A hashed file's bytes are the same either way.
 */
const LOOKUP: MultiCacheQueryOptions = { cacheName: CACHE, ignoreVary: true };
const PRECACHED: ReadonlySet<string> = new Set(__SELLER_SHELL__.files);

self.addEventListener('install', (event) => {
  // All or nothing: a shell missing a file would open offline and then fail.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([SHELL_KEY, ...__SELLER_SHELL__.files])));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});

const isPage = (response: Response) =>
  response.ok && (response.headers.get('Content-Type') ?? '').startsWith('text/html');

/**
 * Keeps a copy without holding up the answer: the page gets the response as it streams in, and the
 * worker stays alive (waitUntil) until the copy is stored.
 */
function keep(event: FetchEvent, key: RequestInfo, response: Response): void {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, response)));
}

/**
 * The network's seller page, kept as the shell; offline, or when the network takes longer than
 * SHELL_NETWORK_WAIT_MS, the kept shell (the late page still refreshes it).
 */
async function shell(event: FetchEvent): Promise<Response> {
  const network = fetch(event.request).then((response) => {
    if (isPage(response)) keep(event, SHELL_KEY, response.clone());
    return response;
  });
  // The worker stays alive for a late answer, whose copy refreshes the shell.
  event.waitUntil(network.catch(() => undefined));
  return networkWithinOrKept(network, () => caches.match(SHELL_KEY, LOOKUP));
}

async function networkFirst(event: FetchEvent): Promise<Response> {
  try {
    const response = await fetch(event.request);
    if (response.ok) keep(event, event.request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(event.request, LOOKUP);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(event: FetchEvent): Promise<Response> {
  const { request, clientId } = event;
  const cached = await caches.match(request, LOOKUP);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const client = clientId ? await self.clients.get(clientId) : undefined;
    if (keepsRuntimeFile(client?.url)) keep(event, request, response.clone());
  }
  return response;
}

const ANSWERS: Record<Exclude<SellerWorkerStrategy, 'pass'>, (event: FetchEvent) => Promise<Response>> = {
  shell,
  'network-first': networkFirst,
  'cache-first': cacheFirst,
};

self.addEventListener('fetch', (event) => {
  const strategy = sellerWorkerStrategy(event.request, self.location.origin, PRECACHED);
  // `pass`: no answer, so the browser fetches as if there were no worker (the page stays uncontrolled
  // in effect: nothing it loads is cached or served by this worker).
  if (strategy !== 'pass') event.respondWith(ANSWERS[strategy](event));
});
