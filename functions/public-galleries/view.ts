/**
 * What a customer sees of a public gallery: its settings, how many photos it shows, and its photos a
 * page at a time (PUBLIC_GALLERY_LIMITS.pagePhotos, in upload order), each as the static paths of its
 * watermarked previews (never a signed URL of a photo's own copies: those are unwatermarked). A page
 * costs the same at 20 photos and 20,000: one read of the record, one of the gallery's count, one
 * Query of the shown photos' index.
 */
import { PREVIEW_WIDTH, previewPath, type PreviewAccess } from '#shared/contract/preview-paths';
import { PUBLIC_GALLERY_LIMITS } from '#shared/rules/public-gallery-limits';
import { isFreeGallery } from '#shared/rules/public-gallery-price';
import type {
  PublicGalleryPage,
  PublicGalleryPhoto,
  PublicGalleryView,
} from '#shared/schemas/public-gallery';
import { openPageToken, sealPageToken } from '../lib/paging';
import { previewAccessOf } from '../domains/public-galleries/preview-access';
import { getGallery } from '../domains/galleries/gallery-store';
import {
  getPhoto,
  getPhotos,
  isShown,
  listShownPhotos,
  type PhotoRecord,
  type ShownKey,
} from '../domains/galleries/photo-store';
import type { PublicGalleryRecord } from '../domains/public-galleries/public-gallery-store';
import { cachedSellerBrand } from '../domains/sellers/seller-brand';

/** The full preview's size: the photo scaled to fit PREVIEW_WIDTH.full square, never up. */
function previewSize(photo: PhotoRecord): { width: number; height: number } {
  const width = photo.width ?? PREVIEW_WIDTH.full;
  const height = photo.height ?? PREVIEW_WIDTH.full;
  const scale = Math.min(1, PREVIEW_WIDTH.full / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** A photo as the customer's page shows it: its size and its two previews' paths. */
export const shownPhoto = (
  publicId: string,
  access: PreviewAccess,
  photo: PhotoRecord,
): PublicGalleryPhoto => ({
  photoId: photo.photoId,
  ...previewSize(photo),
  gridUrl: previewPath(publicId, access, photo.photoId, 'grid.webp'),
  fullUrl: previewPath(publicId, access, photo.photoId, 'full.webp'),
});

/** A cursor opens only for the gallery it was made for (sealed and bound to its public id). */
const cursorScope = (publicId: string) => `public-gallery-photos:${publicId}`;

/** One page of the shown photos after the cursor's place (from the start without one). */
async function pageOf(
  record: PublicGalleryRecord,
  access: PreviewAccess,
  cursor: string | undefined,
): Promise<PublicGalleryPage> {
  const after = (await openPageToken(cursor, cursorScope(record.publicId))) as ShownKey | undefined;
  if (after && after.galleryId !== record.galleryId) return { photos: [] };
  const page = await listShownPhotos(record.galleryId, PUBLIC_GALLERY_LIMITS.pagePhotos, after);
  const nextCursor = await sealPageToken(page.lastKey, cursorScope(record.publicId));
  return {
    photos: page.photos.map((photo) => shownPhoto(record.publicId, access, photo)),
    ...(nextCursor && { nextCursor }),
  };
}

/** The page after the one the cursor ended. */
export async function galleryPage(record: PublicGalleryRecord, cursor: string): Promise<PublicGalleryPage> {
  return pageOf(record, await previewAccessOf(record), cursor);
}

/** The shown photos of these ids, in their order (a face search's matches may lie on any page). */
export async function photosByIds(
  record: PublicGalleryRecord,
  photoIds: string[],
): Promise<PublicGalleryPhoto[]> {
  if (photoIds.length === 0) return [];
  const access = await previewAccessOf(record);
  const byId = new Map((await getPhotos(record.galleryId, photoIds)).map((photo) => [photo.photoId, photo]));
  return photoIds.flatMap((photoId) => {
    const photo = byId.get(photoId);
    return isShown(photo) ? [shownPhoto(record.publicId, access, photo)] : [];
  });
}

/** The seller's chosen cover while it is shown, else the first photo. */
async function coverOf(record: PublicGalleryRecord, firstPage: PublicGalleryPage, access: PreviewAccess) {
  const chosen = record.settings.coverPhotoId;
  if (chosen) {
    const photo = await getPhoto(record.galleryId, chosen);
    if (isShown(photo)) return shownPhoto(record.publicId, access, photo);
  }
  return firstPage.photos[0];
}

export async function galleryView(record: PublicGalleryRecord): Promise<PublicGalleryView> {
  const access = await previewAccessOf(record);
  const [firstPage, seller, gallery] = await Promise.all([
    pageOf(record, access, undefined),
    cachedSellerBrand(record.userId),
    getGallery(record.userId, record.galleryId),
  ]);
  const cover = await coverOf(record, firstPage, access);
  const { settings } = record;
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
    // READY photos, less those withheld because a hidden person's face matched.
    totalPhotos: Math.max((gallery?.photoCount ?? 0) - (record.withheldPhotos ?? 0), firstPage.photos.length),
    ...firstPage,
  };
}
