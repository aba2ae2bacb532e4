/**
 * A processed photo's faces, when its gallery's face search is on (issue 16): described from the
 * 2048 px copy just made, stored in the faces table (expiring at the public gallery's end date), and
 * the gallery's face data version moved so the search rebuilds its index. face-api loads only here, and
 * only for such galleries: every other photo's resize never pays for it.
 */
import { FACE_DESCRIPTOR_DIMS } from '#shared/face-search';
import { faceDataExpiry } from '#shared/rules/public-gallery-access';
import { logger } from '../lib/logger';
import { deletePhotoFaces, putPhotoFaces } from '../lib/repositories/faces';
import { getGallery } from '../lib/repositories/galleries';
import { getPhoto } from '../lib/repositories/photos';
import {
  bumpFacesVersion,
  getPublicGallery,
  type PublicGalleryRecord,
} from '../lib/repositories/public-galleries';
import type { PhotoRef } from '../lib/storage-layout';

async function searchingGallery(ref: PhotoRef): Promise<PublicGalleryRecord | undefined> {
  const photo = await getPhoto(ref.galleryId, ref.photoId);
  const gallery = photo && (await getGallery(photo.userId, ref.galleryId));
  const record = gallery?.publicId ? await getPublicGallery(gallery.publicId) : undefined;
  return record?.faceSearch.enabled ? record : undefined;
}

/** Never fails the resize: a photo whose faces could not be read stays READY, just not findable by face. */
export async function recordFaces(ref: PhotoRef, image: Buffer): Promise<void> {
  try {
    const record = await searchingGallery(ref);
    if (!record) return;
    const { describeFaces } = await import('../lib/face-descriptors');
    const descriptors = await describeFaces(image);
    const expiry = faceDataExpiry(record.settings.endDate);
    await putPhotoFaces(ref.galleryId, { photoId: ref.photoId, descriptors }, FACE_DESCRIPTOR_DIMS, expiry);
    // Switched off while we worked: its deletion may have run before this write, so undo it here.
    if (!(await searchingGallery(ref))) {
      await deletePhotoFaces(ref.galleryId, ref.photoId);
      return;
    }
    await bumpFacesVersion(record.publicId, false);
    logger.info('resize: faces recorded', { faces: descriptors.length });
  } catch (error) {
    logger.error('resize: faces not recorded', { error });
  }
}
