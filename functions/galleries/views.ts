/** The API shapes of galleries and photos (shared/schemas/gallery.ts) from the stored records. */

import { API_BASE, buildPath } from '#shared/contract/route-paths';
import { routes } from '#shared/contract/routes';
import type { Gallery, Photo } from '#shared/schemas/gallery';
import type { GalleryRecord } from '../domains/galleries/gallery-store';
import type { PhotoRecord } from '../domains/galleries/photo-store';
import { signedImageUrl, thumbnailUrls } from '../domains/galleries/image-urls';

export const galleryView = (record: GalleryRecord): Omit<Gallery, 'photos'> => ({
  galleryId: record.galleryId,
  albumName: record.albumName,
  createdAt: record.createdAt,
  photoCount: record.photoCount ?? 0,
  ...(record.createdBy && { createdBy: record.createdBy }),
  ...(record.photographers?.length && { photographers: record.photographers }),
});

/**
 * The full-size image: our API, which needs the bearer token (spec section 6), then a signed URL. Same
 * origin as the SPA in every environment (CloudFront and the dev server route API_BASE to the API).
 */
export const downloadPath = (galleryId: string, photoId: string): string =>
  `${API_BASE}${buildPath(routes.photoDownload.path, { galleryId, photoId })}`;

export const thumbnailUrl = (photo: PhotoRecord): Promise<string> => signedImageUrl(photo, 'thumbnail');

/**
 * The seller may see a photo's thumbnail once it is stored, before its other copies are (the resize
 * stores it first): READY, or PROCESSING with its thumbnail recorded. Only READY photos can be viewed in
 * full, downloaded, ordered or shown to customers.
 */
export const thumbnailShown = (photo: PhotoRecord): boolean =>
  photo.status === 'READY' || (photo.status === 'PROCESSING' && photo.thumbnailAt !== undefined);

export async function photoView(
  photo: PhotoRecord,
  include: { urls: boolean; thumbnails: boolean },
): Promise<Photo> {
  const ready = photo.status === 'READY';
  // A thumbnail stored first is stored as WebP too; photos processed before WebP have JPEG only.
  const hasWebp = photo.webp === true || photo.thumbnailAt !== undefined;
  return {
    photoId: photo.photoId,
    status: photo.status,
    ...(photo.originalName && { description: photo.originalName }),
    ...(photo.failureReason && { failureReason: photo.failureReason }),
    ...(photo.uploadedBy && { uploadedBy: photo.uploadedBy }),
    ...(photo.width && { width: photo.width }),
    ...(photo.height && { height: photo.height }),
    ...(include.thumbnails && thumbnailShown(photo) && (await thumbnailUrls(photo, hasWebp))),
    ...(ready && include.urls && { downloadUrl: downloadPath(photo.galleryId, photo.photoId) }),
  };
}

/** Photos in upload order (then by name), as the seller added them. */
export const byUpload = (a: PhotoRecord, b: PhotoRecord): number =>
  a.createdAt.localeCompare(b.createdAt) || (a.originalName ?? '').localeCompare(b.originalName ?? '');
