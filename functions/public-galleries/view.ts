/**
 * What a customer sees of a public gallery: its settings and its READY photos as watermarked preview
 * links (never a signed URL of a photo's own copies: those are unwatermarked).
 */
import { buildPath, routes } from '#shared/routes';
import { API_BASE } from '#shared/route-paths';
import { isFreeGallery } from '#shared/rules/public-gallery-price';
import type { PublicGalleryPhoto, PublicGalleryView } from '#shared/schemas/public-gallery';
import { listGalleryPhotos, type PhotoRecord } from '../lib/repositories/photos';
import type { PublicGalleryRecord } from '../lib/repositories/public-galleries';
import { PREVIEW_WIDTH, type PreviewSize } from './watermark';
import { previewToken } from './access';
import { ensurePreview, previewStamp } from './preview';
import { bucketsEnv } from '../lib/env';
import { signedGetUrl } from '../lib/s3';
import { cachedSellerBrand } from '../lib/seller-brand';

/** The full preview's size: the photo scaled to fit PREVIEW_WIDTH.full square, never up. */
function previewSize(photo: PhotoRecord): { width: number; height: number } {
  const width = photo.width ?? PREVIEW_WIDTH.full;
  const height = photo.height ?? PREVIEW_WIDTH.full;
  const scale = Math.min(1, PREVIEW_WIDTH.full / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

export function previewUrl(
  record: PublicGalleryRecord,
  photoId: string,
  size: PreviewSize,
  token: string | undefined,
): string {
  const path = buildPath(routes.publicGalleryPreview.path, { publicId: record.publicId, photoId, size });
  const query = new URLSearchParams({ v: previewStamp(record), ...(token && { t: token }) });
  return `${API_BASE}${path}?${query.toString()}`;
}

const photoOf = (record: PublicGalleryRecord, photo: PhotoRecord, token?: string): PublicGalleryPhoto => ({
  photoId: photo.photoId,
  ...previewSize(photo),
  gridUrl: previewUrl(record, photo.photoId, 'grid', token),
  fullUrl: previewUrl(record, photo.photoId, 'full', token),
});

/** The gallery's READY photos, in upload order (ids sort by time of creation only for galleries). */
export async function readyPhotos(galleryId: string): Promise<PhotoRecord[]> {
  return (await listGalleryPhotos(galleryId))
    .filter((photo) => photo.status === 'READY')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.photoId.localeCompare(b.photoId));
}

/**
 * The cover is the page's largest paint: its previews are made now and linked signed, so the phone
 * fetches it without the preview route's redirect (a round trip on a slow network).
 */
async function coverOf(record: PublicGalleryRecord, photo: PhotoRecord, token?: string) {
  const { DERIVED_BUCKET } = bucketsEnv();
  const [gridKey, fullKey] = await Promise.all([
    ensurePreview(record, photo.photoId, 'grid'),
    ensurePreview(record, photo.photoId, 'full'),
  ]);
  const [gridUrl, fullUrl] = await Promise.all([
    signedGetUrl(DERIVED_BUCKET, gridKey),
    signedGetUrl(DERIVED_BUCKET, fullKey),
  ]);
  return { ...photoOf(record, photo, token), gridUrl, fullUrl };
}

export async function galleryView(record: PublicGalleryRecord): Promise<PublicGalleryView> {
  const [photos, token, seller] = await Promise.all([
    readyPhotos(record.galleryId),
    previewToken(record),
    cachedSellerBrand(record.userId),
  ]);
  const { settings } = record;
  const coverPhoto = photos.find((photo) => photo.photoId === settings.coverPhotoId) ?? photos[0];
  const cover = coverPhoto && (await coverOf(record, coverPhoto, token));
  return {
    publicId: record.publicId,
    title: settings.title,
    ...(settings.eventDate && { eventDate: settings.eventDate }),
    ...(settings.endDate && { endDate: settings.endDate }),
    pricing: settings.pricing,
    free: isFreeGallery(settings.pricing),
    faceSearch: record.faceSearch.enabled,
    seller,
    ...(cover && { cover }),
    photos: photos.map((photo) => photoOf(record, photo, token)),
  };
}
