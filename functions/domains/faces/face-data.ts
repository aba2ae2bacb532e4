/**
 * A gallery's face data as a whole: where it lives (the faces table, the packed index in the
 * derived bucket) and removing it, with the version that tells the search its index is stale.
 */
import { bucketsEnv } from '../../lib/env';
import { deleteGalleryFaces, deletePhotoFaces } from './face-store';
import { bumpFacesVersion } from '../public-galleries/public-gallery-store';
import { deleteObjects } from '../../lib/s3';
import { objectKeys } from '#shared/platform/storage-layout';

/** Every descriptor of the gallery and its index: the search switched off, or the gallery deleted. */
export async function deleteGalleryFaceData(galleryId: string): Promise<void> {
  await deleteGalleryFaces(galleryId);
  await deleteObjects(bucketsEnv().DERIVED_BUCKET, [objectKeys.faceIndex(galleryId)]);
}

/**
 * A deleted photo's descriptors; the index is rebuilt before the next search answers. The caller has just
 * read the photo's gallery (its owner check), so it passes the gallery's public id rather than this
 * reading the gallery again: only a gallery that was ever public has a face data version to move.
 */
export async function deletePhotoFaceData(
  galleryId: string,
  photoId: string,
  publicId: string | undefined,
): Promise<void> {
  await deletePhotoFaces(galleryId, photoId);
  if (publicId) await bumpFacesVersion(publicId, true);
}
