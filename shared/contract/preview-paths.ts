/**
 * Where a public gallery's watermarked previews are served: static paths on the site's own origin,
 * `/previews/{publicId}/{closes}/{secret}/{photoId}/{size}.webp`, which CloudFront serves from the
 * derived bucket at the same key (without the leading slash) and caches, so a preview already made costs
 * no function call. The folder is the gallery's current preview access (docs/decisions.md, "Previews
 * served like static files"):
 * - `secret`, 128 random bits, changes whenever who may see the gallery changes (unpublished, a new PIN,
 *   a new end date, a new watermark), so the links handed out before lead nowhere;
 * - `closes` is the gallery's closing time in epoch seconds (`open` without an end date), checked at the
 *   edge on every request, so a closed gallery's previews stop at its end date without any deletion.
 * Imports nothing: the SPA, the functions, the CDK app and the local edge all read it.
 */
export const PREVIEWS_ROOT = '/previews/';

/** Widths of the two previews: the grid's (as the customer grid's 400 px thumbnail) and the viewer's cap. */
export const PREVIEW_WIDTH = { grid: 400, full: 1200 } as const;
export type PreviewSize = keyof typeof PREVIEW_WIDTH;

/** The two previews' files: the grid's and the viewer's. */
export const PREVIEW_FILES = ['grid.webp', 'full.webp'] as const;
export type PreviewFile = (typeof PREVIEW_FILES)[number];

/** A gallery without an end date never closes. */
export const NEVER_CLOSES = 'open';

/** Who may see a gallery's previews right now: the folder they are served from. */
export interface PreviewAccess {
  /** Epoch seconds of the gallery's closing, or NEVER_CLOSES. */
  closes: string;
  /** 128 random bits, base64url. */
  secret: string;
}

export const PREVIEW_SECRET_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const PREVIEW_CLOSES_PATTERN = /^(open|\d{1,12})$/;

/** The folder of a gallery's previews under one access, with a trailing slash. */
export const previewFolder = (publicId: string, access: PreviewAccess): string =>
  `${PREVIEWS_ROOT}${publicId}/${access.closes}/${access.secret}/`;

/** A preview's path on the site (and, without its leading slash, its key in the derived bucket). */
export const previewPath = (
  publicId: string,
  access: PreviewAccess,
  photoId: string,
  file: PreviewFile,
): string => `${previewFolder(publicId, access)}${photoId}/${file}`;

/** The bucket key of a site path: the same string without its leading slash. */
export const previewKeyOf = (path: string): string => path.replace(/^\//, '');

/** Whether previews under `closes` may still be served at `nowMs` (the edge's check, mirrored in tests). */
export const previewStillOpen = (closes: string, nowMs: number): boolean =>
  closes === NEVER_CLOSES || (/^\d{1,12}$/.test(closes) && nowMs < Number(closes) * 1000);
