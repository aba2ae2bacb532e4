/**
 * What index.html's early public gallery script leaves on the window (early-view.ts describes it), and
 * when the app may start. Apart from early-view.ts: the entry chunk needs only this.
 */
export const EARLY_GALLERY_GLOBAL = '__shutterlaneEarlyGallery';

export interface EarlyGallery {
  publicId: string;
  pin: string;
  response: Promise<Response>;
  /** Resolves once the early cover has painted, or there is none to paint (two seconds at most). */
  settled: Promise<void>;
}

const holder = () => window as unknown as Record<string, EarlyGallery | undefined>;

/** index.html's request on a gallery's address; undefined elsewhere, or once the page has taken it. */
export const earlyGallery = (): EarlyGallery | undefined => holder()[EARLY_GALLERY_GLOBAL];

export function forgetEarlyGallery(): void {
  holder()[EARLY_GALLERY_GLOBAL] = undefined;
}

/**
 * On a gallery's address, when the app may start (main.tsx): once index.html's cover has painted, or it
 * found none to paint. Undefined anywhere else: the app starts at once.
 */
export const earlyGallerySettled = (): Promise<void> | undefined => earlyGallery()?.settled;
