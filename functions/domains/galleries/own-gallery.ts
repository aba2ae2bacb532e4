/**
 * Whether a gallery is the signed-in seller's: checked here only. The look-up is keyed by the seller, so
 * another seller's gallery id reads as not found (404), never as forbidden: ids of others are not even
 * confirmed to exist.
 */
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { notFound } from '../../lib/http-error';
import { getGallery, type GalleryRecord } from './gallery-store';

/** The seller's gallery; 404 for an unknown id or another seller's. */
export async function ownGallery(userId: string, galleryId: string): Promise<GalleryRecord> {
  const gallery = await getGallery(userId, galleryId);
  if (!gallery) throw notFound(sellerToolErrors.galleryNotFound);
  return gallery;
}
