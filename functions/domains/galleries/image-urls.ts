/**
 * Signed GET URLs of a photo's images, in one place: which bucket and key each image lives at
 * (storage-layout.ts), signed for a limited time (s3.ts signedGetUrl, at most SIGNED_URL_TTL_SECONDS).
 * Nothing here decides who may have them: the services check ownership or the order first.
 */
import { bucketsEnv } from '../../lib/env';
import { signedGetUrl } from '../../lib/s3';
import { objectKeys, type PhotoRef } from '#shared/platform/storage-layout';

/**
 * The seller's upload; the 2048 px copy (optimized quality); the grid's thumbnail; the WebP twins
 * of the two copies, which pages show to browsers that take WebP (a fraction of the JPEG's bytes); and
 * the grid-sized WebP thumbnail of the customer's gallery.
 */
export type ImageKind =
  'original' | 'optimized' | 'thumbnail' | 'thumbnailWebp' | 'optimizedWebp' | 'gridWebp';

/** A signed URL of one image of the photo; `ttlSeconds` shortens it below the default. */
export function signedImageUrl(photo: PhotoRef, kind: ImageKind, ttlSeconds?: number): Promise<string> {
  const { ORIGINALS_BUCKET, DERIVED_BUCKET } = bucketsEnv();
  const bucket = kind === 'original' ? ORIGINALS_BUCKET : DERIVED_BUCKET;
  return signedGetUrl(bucket, objectKeys[kind](photo.galleryId, photo.photoId), ttlSeconds);
}

/**
 * The thumbnail as JPEG, and as WebP unless the photo is known to have none (`hasWebp` false: processed
 * before the WebP copies existed). Where the photo's record is not at hand (the public order reads only
 * the order), the WebP URL is given anyway and the page falls back to the JPEG if it fails to load.
 */
export async function thumbnailUrls(
  photo: PhotoRef,
  hasWebp = true,
  ttlSeconds?: number,
): Promise<{ thumbnailUrl: string; thumbnailWebpUrl?: string }> {
  const [thumbnailUrl, thumbnailWebpUrl] = await Promise.all([
    signedImageUrl(photo, 'thumbnail', ttlSeconds),
    hasWebp ? signedImageUrl(photo, 'thumbnailWebp', ttlSeconds) : undefined,
  ]);
  return { thumbnailUrl, ...(thumbnailWebpUrl && { thumbnailWebpUrl }) };
}
