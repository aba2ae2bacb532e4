/**
 * Which requests the seller app's service worker (seller-worker.ts) answers, and how. Pure, so the
 * worker and its tests share it. The worker's scope is the whole site (the seller paths share no
 * prefix, docs/decisions.md "Installable seller app"), so it decides request by request:
 * the seller pages' shell offline, and nothing else of the site's pages, ever.
 */
import { SELLER_PATHS } from '../seller-paths';

/** The service worker's script and its scope (the script sits at the root, so no wider header is needed). */
export const SELLER_WORKER_URL = '/seller-sw.js';
export const SELLER_WORKER_SCOPE = '/';

/** Where the cached shell (index.html) is kept: every seller page is that one document. */
export const SHELL_KEY = '/index.html';

/** The caches this worker owns are named `${CACHE_PREFIX}<build version>`; older ones go on activation. */
export const CACHE_PREFIX = 'shutterlane-seller-';

/**
 * The first path segments of the seller area's pages: the account pages (seller-paths.ts) and the
 * seller's tools (router.tsx: /galleries, /galleries/:id, /seller-orders).
 */
export const SELLER_TOOL_PATHS = ['galleries', 'seller-orders'] as const;
const SELLER_SEGMENTS: ReadonlySet<string> = new Set([...SELLER_PATHS, ...SELLER_TOOL_PATHS]);

/** The site's own paths the worker never touches: the API (never cached) and the ZIP download worker's scope. */
const UNTOUCHED_PREFIXES = ['/api/', '/zip-download/'] as const;

/** The seller's sign-in settings, fetched on every seller page (web/src/lib/auth/auth-config.ts). */
const RUNTIME_CONFIG_PATH = '/runtime-config.json';

/** Vite's hashed build output: a name never changes its bytes, so a cached copy is never stale. */
const HASHED_ASSETS_PREFIX = '/assets/';

/** Whether a path is a page of the seller area (its first segment names one). */
export function isSellerPathname(pathname: string): boolean {
  const first = pathname.split('/')[1] ?? '';
  return SELLER_SEGMENTS.has(first);
}

/**
 * - `shell`: a seller page: the network's page (kept as the shell), else the cached shell offline.
 * - `network-first`: the network's answer (a copy kept), else the kept copy offline.
 * - `cache-first`: an immutable file: the cached copy, else the network's (kept for seller pages).
 * - `pass`: not answered by the worker at all; the browser goes to the network as without it.
 */
export type SellerWorkerStrategy = 'shell' | 'network-first' | 'cache-first' | 'pass';

export interface RequestFacts {
  url: string;
  method: string;
  /** Request.mode: `navigate` for a page. */
  mode: string;
}

/**
 * How the worker answers `request` on the site at `origin`. `precached` holds the paths of the
 * unhashed files of the shell (the web app manifest, icons).
 */
export function sellerWorkerStrategy(
  request: RequestFacts,
  origin: string,
  precached: ReadonlySet<string>,
): SellerWorkerStrategy {
  if (request.method !== 'GET') return 'pass';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'pass';
  const path = url.pathname;
  if (path === '/api' || UNTOUCHED_PREFIXES.some((prefix) => path.startsWith(prefix))) return 'pass';
  // Customer and marketing pages always come from the network, exactly as without the worker.
  if (request.mode === 'navigate') return isSellerPathname(path) ? 'shell' : 'pass';
  if (path === RUNTIME_CONFIG_PATH) return 'network-first';
  if (path.startsWith(HASHED_ASSETS_PREFIX) || precached.has(path)) return 'cache-first';
  return 'pass';
}

/**
 * Whether a hashed file fetched for the page at `clientUrl` is kept for offline use: only the seller
 * pages' files (a customer page's photos-and-faces code is not the seller's to store).
 */
export function keepsRuntimeFile(clientUrl: string | undefined): boolean {
  if (clientUrl === undefined) return false;
  return isSellerPathname(new URL(clientUrl).pathname);
}
