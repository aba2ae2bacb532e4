/**
 * The Meta (Facebook) pixel, loaded only once the marketing category is granted; it then sends a
 * PageView (public document, section 9), and another on each route change. Withdrawn consent is
 * passed on with `fbq('consent', 'revoke')`, since a loaded script cannot be removed.
 */
import { loadScript } from './load-script';

type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

export const META_PIXEL_URL = 'https://connect.facebook.net/en_US/fbevents.js';

/** The queueing stub of Meta's snippet: calls made before fbevents.js arrives are replayed by it. */
function pixelStub(): Fbq {
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  }) as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  return fbq;
}

export function loadMetaPixel(pixelId: string): void {
  if (window.fbq) {
    window.fbq('consent', 'grant');
    return;
  }
  const fbq = pixelStub();
  window.fbq = fbq;
  window._fbq = fbq;
  fbq('init', pixelId);
  fbq('track', 'PageView');
  loadScript(META_PIXEL_URL);
}

export function revokeMetaPixel(): void {
  window.fbq?.('consent', 'revoke');
}

export function sendPixelPageView(): void {
  window.fbq?.('track', 'PageView');
}

export const metaPixelLoaded = () => window.fbq !== undefined;
