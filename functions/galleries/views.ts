/** The API shapes of galleries and photos (shared/schemas/gallery.ts) from the stored records. */

import { API_BASE, buildPath } from '#shared/route-paths';
import { routes } from '#shared/routes';
import type { Gallery, Photo } from '#shared/schemas/gallery';
import type { GalleryRecord } from '../lib/repositories/galleries';
import type { PhotoRecord } from '../lib/repositories/photos';
import { signedImageUrl, thumbnailUrls } from '../lib/image-urls';

export const galleryView = (record: GalleryRecord): Omit<Gallery, 'photos'> => ({
  galleryId: record.galleryId,
  albumName: record.albumName,
  createdAt: record.createdAt,
  photoCount: record.photoCount ?? 0,
});

/**
 * The full-size image: our API, which needs the bearer token (spec section 6), then a signed URL. Same
 * origin as the SPA in every environment (CloudFront and the dev server route API_BASE to the API).
 */
export const downloadPath = (galleryId: string, photoId: string): string =>
  `${API_BASE}${buildPath(routes.photoDownload.path, { galleryId, photoId })}`;

export const thumbnailUrl = (photo: PhotoRecord): Promise<string> => signedImageUrl(photo, 'thumbnail');

export async function photoView(
  photo: PhotoRecord,
  include: { urls: boolean; thumbnails: boolean },
): Promise<Photo> {
  const ready = photo.status === 'READY';
  return {
    photoId: photo.photoId,
    status: photo.status,
    ...(photo.originalName && { description: photo.originalName }),
    ...(photo.failureReason && { failureReason: photo.failureReason }),
    ...(photo.width && { width: photo.width }),
    ...(photo.height && { height: photo.height }),
    ...(ready && include.thumbnails && (await thumbnailUrls(photo, photo.webp === true))),
    ...(ready && include.urls && { downloadUrl: downloadPath(photo.galleryId, photo.photoId) }),
  };
}

/** Photos in upload order (then by name), as the seller added them. */
export const byUpload = (a: PhotoRecord, b: PhotoRecord): number =>
  a.createdAt.localeCompare(b.createdAt) || (a.originalName ?? '').localeCompare(b.originalName ?? '');
