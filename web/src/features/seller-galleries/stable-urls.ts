/**
 * Keeps the signed image URLs the grid already shows. The server signs a thumbnail for a fixed window
 * (functions/lib/signing-window.ts), so polls within it return the same URL; but windows end, and each
 * photo's at a different moment, so over a long poll a few URLs change. A changed URL is a new download
 * of the same image: the grid keeps the URL it has while that URL still has a safe margin of its
 * promised lifetime left (every URL handed out lives at least SIGNED_URL_TTL_SECONDS).
 */
import { SIGNED_URL_TTL_SECONDS } from '#shared/constants';
import type { Gallery, Photo } from '#shared/schemas/gallery';

/** A kept URL is replaced this long before its promised lifetime ends. */
const MARGIN_MS = 5 * 60 * 1000;

/** The signed image URLs of a photo (downloadUrl is an API path, not a signed URL). */
const SIGNED_FIELDS = ['thumbnailUrl', 'thumbnailWebpUrl'] as const satisfies readonly (keyof Photo)[];

export type KeptUrls = Map<string, { url: string; receivedAt: number }>;

const keyOf = (photoId: string, field: string) => `${photoId} ${field}`;

/** The gallery with each photo's signed URLs replaced by the ones kept, where still safe; updates `kept`. */
export function withStableUrls(gallery: Gallery, kept: KeptUrls, now: number): Gallery {
  const seen = new Set<string>();
  const photos = gallery.photos.map((photo) => {
    let stable = photo;
    for (const field of SIGNED_FIELDS) {
      const fresh = photo[field];
      if (fresh === undefined) continue;
      const key = keyOf(photo.photoId, field);
      seen.add(key);
      const previous = kept.get(key);
      if (previous && now - previous.receivedAt < SIGNED_URL_TTL_SECONDS * 1000 - MARGIN_MS) {
        if (previous.url !== fresh) stable = { ...stable, [field]: previous.url };
      } else kept.set(key, { url: fresh, receivedAt: now });
    }
    return stable;
  });
  // Photos gone from the gallery (deleted) are forgotten.
  for (const key of kept.keys()) if (!seen.has(key)) kept.delete(key);
  return { ...gallery, photos };
}
