/**
 * Signed GET URLs of what a fulfilled order's customer downloads: the original, or the 2048 px copy
 * when the seller uploaded at 'optimized' quality, plus the thumbnail for the grid and the WebP copies
 * pages show instead (thumbnail, the grid-sized thumbnail and 2048 px). Nothing here
 * decides who may have them: the service checks the order first. They live only minutes
 * (`CUSTOMER_URL_TTL_SECONDS`; the page re-signs them while access lasts), because a presigned URL
 * cannot be revoked: when a refund or dispute ends access, the URLs handed out stop working soon after.
 */
import { OPTIMIZED_MAX_PX } from '#shared/rules/constants';
import type { FulfilledOrder, FulfilledPreview } from '#shared/schemas/order';
import type { PhotoRef } from '#shared/platform/storage-layout';
import { customerUrlEnv } from '../lib/env';
import type { OrderRecord } from '../domains/orders/order-store';
import { getPhotos, type PhotoRecord } from '../domains/galleries/photo-store';
import { signedImageUrl, thumbnailUrls } from '../domains/galleries/image-urls';

/** The optimized copy is the original scaled down to fit 2048 px, never up. */
export function deliveredSize(photo: PhotoRecord | undefined): { width: number; height: number } | undefined {
  if (!photo?.width || !photo.height) return undefined;
  if (photo.quality !== 'optimized') return { width: photo.width, height: photo.height };
  const scale = Math.min(1, OPTIMIZED_MAX_PX / Math.max(photo.width, photo.height));
  return { width: Math.round(photo.width * scale), height: Math.round(photo.height * scale) };
}

/** The thumbnails of a photo (JPEG, WebP, grid-sized WebP) and its size: what the grid shows. */
async function signThumbnails(ref: PhotoRef, photo: PhotoRecord | undefined, ttl: number) {
  const [thumbnails, gridWebpUrl] = await Promise.all([
    // The WebP copies only when the record says the photo has them.
    thumbnailUrls(ref, photo?.webp === true, ttl),
    photo?.gridWebp === true ? signedImageUrl(ref, 'gridWebp', ttl) : undefined,
  ]);
  return { ...thumbnails, ...(gridWebpUrl && { gridWebpUrl }), ...deliveredSize(photo) };
}

/** The thumbnails and the photo itself: the delivered copy, and the 2048 px WebP the viewer shows. */
async function signPhoto(ref: PhotoRef, photo: PhotoRecord | undefined, ttl: number) {
  const [url, optimizedWebpUrl, thumbnails] = await Promise.all([
    signedImageUrl(ref, photo?.quality === 'optimized' ? 'optimized' : 'original', ttl),
    photo?.webp === true ? signedImageUrl(ref, 'optimizedWebp', ttl) : undefined,
    signThumbnails(ref, photo, ttl),
  ]);
  return { url, ...thumbnails, ...(optimizedWebpUrl && { optimizedWebpUrl }) };
}

/** Every photo of the order signed by `sign`, keyed by photo id, with the time the URLs stop working. */
async function signedUrls<Entry>(
  order: OrderRecord,
  now: Date,
  sign: (ref: PhotoRef, photo: PhotoRecord | undefined, ttl: number) => Promise<Entry>,
): Promise<{ photoUrls: Record<string, Entry>; urlsExpireAt: string }> {
  // Computed before signing, so the stated expiry is never later than the URLs' own.
  const ttl = customerUrlEnv().CUSTOMER_URL_TTL_SECONDS;
  const urlsExpireAt = new Date(now.getTime() + ttl * 1000).toISOString();
  const records = new Map(
    (await getPhotos(order.galleryId, order.photoIds)).map((photo) => [photo.photoId, photo]),
  );
  const entries = await Promise.all(
    order.photoIds.map(async (photoId) => {
      const ref = { galleryId: order.galleryId, photoId };
      return [photoId, await sign(ref, records.get(photoId), ttl)] as const;
    }),
  );
  return { photoUrls: Object.fromEntries(entries), urlsExpireAt };
}

/** Every photo of the order: what the customer downloads, and the copies the pages show. */
export const signedPhotoUrls = (
  order: OrderRecord,
  now: Date,
): Promise<{ photoUrls: FulfilledOrder['photoUrls']; urlsExpireAt: string }> =>
  signedUrls(order, now, signPhoto);

/** Only the thumbnails of every photo: the grid a fulfilled order shows before the human check. */
export const signedThumbnailUrls = (
  order: OrderRecord,
  now: Date,
): Promise<{ photoUrls: FulfilledPreview['photoUrls']; urlsExpireAt: string }> =>
  signedUrls(order, now, signThumbnails);
