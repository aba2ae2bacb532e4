/**
 * A gallery's face data as a whole (issue 16): where it lives (the faces table, the packed index in the
 * derived bucket) and removing it, with the version that tells the search its index is stale.
 */
import { bucketsEnv } from './env';
import { deleteGalleryFaces, deletePhotoFaces } from './repositories/faces';
import { getGallery } from './repositories/galleries';
import { bumpFacesVersion } from './repositories/public-galleries';
import { deleteObjects } from './s3';
import { objectKeys } from './storage-layout';

/** Every descriptor of the gallery and its index: the search switched off, or the gallery deleted. */
export async function deleteGalleryFaceData(galleryId: string): Promise<void> {
  await deleteGalleryFaces(galleryId);
  await deleteObjects(bucketsEnv().DERIVED_BUCKET, [objectKeys.faceIndex(galleryId)]);
}

/** A deleted photo's descriptors; the index is rebuilt before the next search answers. */
export async function deletePhotoFaceData(userId: string, galleryId: string, photoId: string): Promise<void> {
  const gallery = await getGallery(userId, galleryId);
  await deletePhotoFaces(galleryId, photoId);
  if (gallery?.publicId) await bumpFacesVersion(gallery.publicId, true);
}
