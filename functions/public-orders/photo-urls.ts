/**
 * Signed GET URLs of what a fulfilled order's customer downloads: the original, or the 2048 px copy
 * when the seller uploaded at 'optimized' quality, plus the thumbnail for the grid and the WebP copies
 * pages show instead (thumbnail, the grid-sized thumbnail and 2048 px). Nothing here
 * decides who may have them: the service checks the order first. They live only minutes
 * (`CUSTOMER_URL_TTL_SECONDS`; the page re-signs them while access lasts), because a presigned URL
 * cannot be revoked: when a refund or dispute ends access, the URLs handed out stop working soon after.
 */
import { OPTIMIZED_MAX_PX } from '#shared/rules/constants';
import type { FulfilledOrder } from '#shared/schemas/order';
import { customerUrlEnv } from '../lib/env';
import type { OrderRecord } from '../domains/orders/order-store';
import { getPhotos, type PhotoRecord } from '../domains/galleries/photo-store';
import { signedImageUrl, thumbnailUrls } from '../domains/galleries/image-urls';

type PhotoUrls = FulfilledOrder['photoUrls'];

/** The optimized copy is the original scaled down to fit 2048 px, never up. */
export function deliveredSize(photo: PhotoRecord | undefined): { width: number; height: number } | undefined {
  if (!photo?.width || !photo.height) return undefined;
  if (photo.quality !== 'optimized') return { width: photo.width, height: photo.height };
  const scale = Math.min(1, OPTIMIZED_MAX_PX / Math.max(photo.width, photo.height));
  return { width: Math.round(photo.width * scale), height: Math.round(photo.height * scale) };
}

async function signPhoto(order: OrderRecord, photoId: string, photo: PhotoRecord | undefined) {
  const ttl = customerUrlEnv().CUSTOMER_URL_TTL_SECONDS;
  const ref = { galleryId: order.galleryId, photoId };
  // The WebP copies (for showing: grid and viewer) only when the record says the photo has them.
  const webp = photo?.webp === true;
  const [url, thumbnails, optimizedWebpUrl, gridWebpUrl] = await Promise.all([
    signedImageUrl(ref, photo?.quality === 'optimized' ? 'optimized' : 'original', ttl),
    thumbnailUrls(ref, webp, ttl),
    webp ? signedImageUrl(ref, 'optimizedWebp', ttl) : undefined,
    photo?.gridWebp === true ? signedImageUrl(ref, 'gridWebp', ttl) : undefined,
  ]);
  return {
    url,
    ...thumbnails,
    ...(gridWebpUrl && { gridWebpUrl }),
    ...(optimizedWebpUrl && { optimizedWebpUrl }),
    ...deliveredSize(photo),
  };
}

/** Every photo of the order, keyed by photo id, with the time the URLs stop working. */
export async function signedPhotoUrls(
  order: OrderRecord,
  now: Date,
): Promise<{ photoUrls: PhotoUrls; urlsExpireAt: string }> {
  // Computed before signing, so the stated expiry is never later than the URLs' own.
  const ttl = customerUrlEnv().CUSTOMER_URL_TTL_SECONDS;
  const urlsExpireAt = new Date(now.getTime() + ttl * 1000).toISOString();
  const records = new Map(
    (await getPhotos(order.galleryId, order.photoIds)).map((photo) => [photo.photoId, photo]),
  );
  const entries = await Promise.all(
    order.photoIds.map(
      async (photoId) => [photoId, await signPhoto(order, photoId, records.get(photoId))] as const,
    ),
  );
  return { photoUrls: Object.fromEntries(entries), urlsExpireAt };
}
