/**
 * The public gallery's first request, started by the entry script itself on a `/g/{publicId}` address
 * instead of after the page's code has loaded: on a phone on slow 4G the request and the page's code
 * then travel together, and the cover (the page's largest paint) starts a round trip sooner. The page
 * takes the answer once (takeEarlyView); anything else asks the server as usual. Tiny, and imports
 * nothing: it is part of every page's entry.
 */
const PATH = /^\/g\/([A-Za-z0-9_-]{8,64})\/?$/;

const pinKey = (publicId: string) => `shutterlane.public-gallery.${publicId}.pin`;

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

/** The cover's sources, shared by its <img> and the early preload, which must match for the browser to reuse it. */
export const COVER_SIZES = '(max-width: 60rem) 100vw, 60rem';
export const coverSrcSet = (cover: CoverLinks) => `${cover.gridUrl} 400w, ${cover.fullUrl} ${cover.width}w`;

/** Starts the cover's download as soon as its links are known, before the page that shows it has loaded. */
function preloadCover(cover: CoverLinks | undefined): void {
  if (!cover) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = cover.fullUrl;
  link.imageSrcset = coverSrcSet(cover);
  link.imageSizes = COVER_SIZES;
  link.fetchPriority = 'high';
  document.head.append(link);
}

let early: { publicId: string; pin: string; response: Promise<Response> } | undefined;

export function startEarlyView(pathname: string, apiBase: string): void {
  const publicId = PATH.exec(pathname)?.[1];
  if (!publicId) return;
  const pin = storedPin(publicId);
  const response = fetch(`${apiBase}/public/galleries/${publicId}`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(pin ? { pin } : {}),
  });
  // Read from a copy, before the page reads the answer itself; a failure is the page's to show.
  response
    .then(async (answer) => (answer.ok ? ((await answer.clone().json()) as { cover?: CoverLinks }) : {}))
    .then((view) => preloadCover(view.cover))
    .catch(() => undefined);
  early = { publicId, pin, response };
}

/** The early answer for this gallery and PIN, once; undefined when there is none (or it was taken). */
export function takeEarlyView(publicId: string, pin: string): Promise<Response> | undefined {
  if (early?.publicId !== publicId || early.pin !== pin) return undefined;
  const { response } = early;
  early = undefined;
  return response;
}
