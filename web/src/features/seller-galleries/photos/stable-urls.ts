/**
 * Keeps the signed image URLs the grid already shows. The server signs a thumbnail for a fixed window
 * (functions/lib/signing-window.ts), so polls within it return the same URL; but windows end, and each
 * photo's at a different moment, so over a long poll a few URLs change. A changed URL is a new download
 * of the same image: the grid keeps the URL it has while that URL still has a safe margin of its
 * promised lifetime left (every URL handed out lives at least SIGNED_URL_TTL_SECONDS).
 *
 * Kept URLs need not be sent again either: a re-read asks thumbnails only for the photos the grid has
 * none of (`thumbnailsFor`), so a poll while photos process carries a few signed URLs, not one per
 * photo. Once any kept URL nears the end of its lifetime, the next read asks for every photo's again.
 */
import { GALLERY_THUMBNAILS_FOR_MAX, SIGNED_URL_TTL_SECONDS } from '#shared/rules/constants';
import type { Gallery, Photo } from '#shared/schemas/gallery';

/** A kept URL is replaced this long before its promised lifetime ends. */
const MARGIN_MS = 5 * 60 * 1000;

/** The signed image URLs of a photo (downloadUrl is an API path, not a signed URL). */
const SIGNED_FIELDS = ['thumbnailUrl', 'thumbnailWebpUrl'] as const satisfies readonly (keyof Photo)[];

export type KeptUrls = Map<string, { url: string; receivedAt: number }>;

const keyOf = (photoId: string, field: string) => `${photoId} ${field}`;

const stillSafe = (entry: { receivedAt: number }, now: number): boolean =>
  now - entry.receivedAt < SIGNED_URL_TTL_SECONDS * 1000 - MARGIN_MS;

/** A photo that shows a thumbnail once it has one: its URLs kept from an earlier answer may stand. */
const mayShowThumbnail = (photo: Photo): boolean => photo.status === 'READY' || photo.status === 'PROCESSING';

/** The photo with its signed URLs replaced by (or, where the answer left them out, filled from) the kept ones. */
function stablePhoto(photo: Photo, kept: KeptUrls, seen: Set<string>, now: number): Photo {
  let stable = photo;
  for (const field of SIGNED_FIELDS) {
    const key = keyOf(photo.photoId, field);
    const fresh = photo[field];
    const previous = kept.get(key);
    const keep = previous !== undefined && stillSafe(previous, now);
    if (fresh === undefined) {
      // Not asked for (the grid had it): the kept one stands.
      if (!keep || !mayShowThumbnail(photo)) continue;
      stable = { ...stable, [field]: previous.url };
    } else if (keep) {
      if (previous.url !== fresh) stable = { ...stable, [field]: previous.url };
    } else kept.set(key, { url: fresh, receivedAt: now });
    seen.add(key);
  }
  return stable;
}

/** The gallery with each photo's signed URLs replaced by the ones kept, where still safe; updates `kept`. */
export function withStableUrls(gallery: Gallery, kept: KeptUrls, now: number): Gallery {
  const seen = new Set<string>();
  const photos = gallery.photos.map((photo) => stablePhoto(photo, kept, seen, now));
  // Photos gone from the gallery (deleted) are forgotten.
  for (const key of kept.keys()) if (!seen.has(key)) kept.delete(key);
  return { ...gallery, photos };
}

/**
 * The photos the next read asks thumbnails for: those of the last answer the grid has none of (failed
 * ones aside), in the grid's order, at most GALLERY_THUMBNAILS_FOR_MAX. Undefined, every photo's: the
 * first read, or a kept URL near the end of its lifetime.
 */
export function thumbnailsToAsk(
  last: Gallery | undefined,
  kept: KeptUrls,
  now: number,
): string[] | undefined {
  if (!last || [...kept.values()].some((entry) => !stillSafe(entry, now))) return undefined;
  return last.photos
    .filter((photo) => photo.status !== 'FAILED' && !kept.has(keyOf(photo.photoId, 'thumbnailUrl')))
    .slice(0, GALLERY_THUMBNAILS_FOR_MAX)
    .map((photo) => photo.photoId);
}

/**
 * READY photos of an answer shown without a thumbnail because the read did not ask for theirs: photos
 * the grid first sees READY (uploaded from another device between two reads). `asked` undefined: the
 * read asked for every photo's.
 */
export function unaskedThumbnails(
  gallery: Gallery | undefined,
  asked: ReadonlySet<string> | undefined,
): number {
  if (!gallery || !asked) return 0;
  return gallery.photos.filter(
    (photo) => photo.status === 'READY' && !photo.thumbnailUrl && !asked.has(photo.photoId),
  ).length;
}
