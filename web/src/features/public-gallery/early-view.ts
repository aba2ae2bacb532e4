/**
 * The public gallery's first request is made by an inline script of index.html on a `/g/{publicId}`
 * address, before the app's code has downloaded, and the cover is drawn as soon as that answer names it:
 * on a phone on slow 4G the page's largest paint then waits for neither. That early cover lies over the
 * page where the page's own cover will be (early-view.css) until the page hands over to its own
 * (handOverEarlyCover); the app starts once it has painted (early-start.ts). The page takes that
 * answer once (takeEarlyView); anything else asks the server as usual. index.html repeats the names
 * below and early-start.ts's global (no import there): early-view.test.ts checks they agree, and runs
 * the script.
 */
import { API_BASE } from '#shared/contract/route-paths';
import { earlyGallery, forgetEarlyGallery } from './early-start';

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

/**
 * The page's cover's sources. index.html's early cover is the grid-sized preview alone (a small first
 * paint on a slow network); the page's takes over once its own, sharper for the screen, has loaded.
 */
export const COVER_SIZES = '(max-width: 60rem) 100vw, 60rem';
export const coverSrcSet = (cover: CoverLinks) => `${cover.gridUrl} 400w, ${cover.fullUrl} ${cover.width}w`;

/** index.html's answer for this gallery and PIN, once; undefined when there is none (or it was taken). */
export function takeEarlyView(publicId: string, pin: string): Promise<Response> | undefined {
  const early = earlyGallery();
  if (early?.publicId !== publicId || early.pin !== pin) return undefined;
  forgetEarlyGallery();
  return early.response;
}

/** The element index.html draws the early cover in (early-view.css lays it out). */
export const EARLY_COVER_ID = 'early-gallery-cover';

/** Removes index.html's early cover, if it drew one: the page shows no cover (a PIN, a refusal, an error). */
export function dropEarlyCover(): void {
  document.getElementById(EARLY_COVER_ID)?.remove();
}

/**
 * The page's own cover (`cover`, drawn at the same place and size underneath) takes over from index.html's:
 * the early one goes once the page's is decoded, so no frame shows neither, and being no larger the
 * page's cover is no new largest paint. A page without a cover drops the early one at once. Returns the
 * cancel, for an effect's cleanup.
 */
export function handOverEarlyCover(cover: HTMLImageElement | null | undefined): () => void {
  if (!document.getElementById(EARLY_COVER_ID)) return () => undefined;
  if (!cover) {
    dropEarlyCover();
    return () => undefined;
  }
  let cancelled = false;
  cover
    .decode()
    // A cover that cannot be decoded (a failed download) shows as the page draws it: the early one goes.
    .catch(() => undefined)
    .then(() => {
      if (!cancelled) requestAnimationFrame(dropEarlyCover);
    });
  return () => {
    cancelled = true;
  };
}

/**
 * The visitor went to another page of the app before the hand-over: the early cover goes with the
 * gallery. It stays while the address is still this gallery's (React's StrictMode running an effect's
 * cleanup and the effect again).
 */
export function leaveEarlyCover(publicId: string): void {
  if (window.location.pathname.replace(/\/$/, '') !== `/g/${publicId}`) dropEarlyCover();
}
