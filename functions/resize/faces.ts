/**
 * A processed photo's faces, when its gallery's face search is on (issue 16): described from the
 * 2048 px copy just made, stored in the faces table (expiring at the public gallery's end date), and
 * the gallery's face data version moved so the search rebuilds its index. face-api loads only here, and
 * only for such galleries: every other photo's resize never pays for it.
 *
 * What the resize already knows is passed in rather than read again: the photo's owner (from its READY
 * mark) and, for a photo counted just now, its gallery as the count's update returned it. A gallery with
 * no public id has no face search, so such a photo's resize stops there, with no read of its own.
 */
import { FACE_DESCRIPTOR_DIMS } from '#shared/face-search';
import { faceDataExpiry } from '#shared/rules/public-gallery-access';
import { logger } from '../lib/logger';
import { deletePhotoFaces, putPhotoFaces } from '../lib/repositories/faces';
import { getGallery, type GalleryRecord } from '../lib/repositories/galleries';
import { getPhoto } from '../lib/repositories/photos';
import {
  bumpFacesVersion,
  getPublicGallery,
  type PublicGalleryRecord,
} from '../lib/repositories/public-galleries';
import type { PhotoRef } from '../lib/storage-layout';

/**
 * The photo's gallery as far as the resize knows it: read already (undefined when it is gone), or only
 * the owner, from whom it can be read.
 */
export type KnownGallery = { gallery: GalleryRecord | undefined } | { userId: string };

async function publicIdOf(ref: PhotoRef, known: KnownGallery): Promise<string | undefined> {
  const gallery = 'gallery' in known ? known.gallery : await getGallery(known.userId, ref.galleryId);
  return gallery?.publicId;
}

const searching = (record: PublicGalleryRecord | undefined): record is PublicGalleryRecord =>
  record?.faceSearch.enabled === true;

/**
 * Never fails the resize: a photo whose faces could not be read stays READY, just not findable by face.
 * Says whether the gallery's face search may still be on: false only when it was found not public, or
 * switched off (a face search lane ends there); after an error, true (the lane's next resize checks again).
 */
export async function recordFaces(ref: PhotoRef, known: KnownGallery, image: Buffer): Promise<boolean> {
  try {
    const publicId = await publicIdOf(ref, known);
    if (!publicId) return false;
    const record = await getPublicGallery(publicId);
    if (!searching(record)) return false;
    const { describeFaces } = await import('../lib/face-descriptors');
    const descriptors = await describeFaces(image);
    const expiry = faceDataExpiry(record.settings.endDate);
    await putPhotoFaces(ref.galleryId, { photoId: ref.photoId, descriptors }, FACE_DESCRIPTOR_DIMS, expiry);
    // Deleted, or switched off, while we worked: that deletion may have run before this write, so undo it
    // here. The gallery's public id never changes, so only the photo and the switch are read again.
    const [photo, latest] = await Promise.all([
      getPhoto(ref.galleryId, ref.photoId),
      getPublicGallery(publicId),
    ]);
    if (!photo || !searching(latest)) {
      await deletePhotoFaces(ref.galleryId, ref.photoId);
      return searching(latest);
    }
    await bumpFacesVersion(publicId, false);
    logger.info('resize: faces recorded', { faces: descriptors.length });
    return true;
  } catch (error) {
    logger.error('resize: faces not recorded', { error });
    return true;
  }
}
