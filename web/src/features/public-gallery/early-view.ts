/**
 * The public gallery's first request is made by an inline script of index.html on a `/g/{publicId}`
 * address, before the app's code has downloaded, and the cover is preloaded as soon as that answer
 * names it: on a phone on slow 4G the page's largest paint then waits for neither. The page takes that
 * answer once (takeEarlyView); anything else asks the server as usual. index.html repeats the names
 * below (no import there): early-view.test.ts checks they agree.
 */
import { API_BASE } from '#shared/route-paths';

export const EARLY_GALLERY_GLOBAL = '__shutterlaneEarlyGallery';
export const pinKey = (publicId: string) => `shutterlane.public-gallery.${publicId}.pin`;
/** The path index.html asks, for this gallery. */
export const earlyViewPath = (publicId: string) => `${API_BASE}/public/galleries/${publicId}`;

/** The PIN that opened this gallery in this tab (none when storage is blocked: it is asked again). */
export function storedPin(publicId: string): string {
  try {
    return sessionStorage.getItem(pinKey(publicId)) ?? '';
  } catch {
    return '';
  }
}

export function keepPin(publicId: string, pin: string): void {
  try {
    if (pin) sessionStorage.setItem(pinKey(publicId), pin);
    else sessionStorage.removeItem(pinKey(publicId));
  } catch {
    // storage blocked: nothing kept
  }
}

interface CoverLinks {
  gridUrl: string;
  fullUrl: string;
  width: number;
}

/** The cover's sources, shared by its <img> and index.html's preload, which must match for the browser to reuse it. */
export const COVER_SIZES = '(max-width: 60rem) 100vw, 60rem';
export const coverSrcSet = (cover: CoverLinks) => `${cover.gridUrl} 400w, ${cover.fullUrl} ${cover.width}w`;

interface EarlyGallery {
  publicId: string;
  pin: string;
  response: Promise<Response>;
}

/** index.html's answer for this gallery and PIN, once; undefined when there is none (or it was taken). */
export function takeEarlyView(publicId: string, pin: string): Promise<Response> | undefined {
  const holder = window as unknown as Record<string, EarlyGallery | undefined>;
  const early = holder[EARLY_GALLERY_GLOBAL];
  if (early?.publicId !== publicId || early.pin !== pin) return undefined;
  holder[EARLY_GALLERY_GLOBAL] = undefined;
  return early.response;
}
