/**
 * Makes the seller area installable: links the web app manifest and registers the seller app's
 * service worker. Called by the seller areas only (seller-area.tsx, seller-tools-area.tsx), so no
 * customer page carries it or its worker's registration. Builds only (web/scripts/seller-app.ts sets
 * SELLER_APP_WORKER): the dev server serves neither the worker nor the manifest, and a caching worker
 * would hide its reloads.
 */
import { WEB_APP_MANIFEST_PATH } from './web-app-manifest';
import { SELLER_WORKER_SCOPE } from './seller-worker-routing';

function linkManifest(): void {
  if (document.head.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = WEB_APP_MANIFEST_PATH;
  document.head.append(link);
}

let started = false;

export function installSellerApp(): void {
  const workerUrl = import.meta.env.SELLER_APP_WORKER;
  if (!workerUrl || started) return;
  started = true;
  linkManifest();
  // Absent in some private modes and old browsers: the seller area works the same, just not offline.
  navigator.serviceWorker
    ?.register(workerUrl, { scope: SELLER_WORKER_SCOPE })
    .catch((error: unknown) => console.warn('The seller app could not be installed for offline use', error));
}
