/**
 * A gallery that hides people shows a new photo only once its faces were checked against them
 * (functions/domains/faces/hiding.ts): after its faces are described, a photo that matches is withheld, any other
 * is given its place among the photos customers see, and its previews are made. A photo whose faces could
 * not be described stays unshown (the seller sees it among the photos not described): unchecked is not
 * shown.
 */
import { withholdIfHidden } from '../domains/faces/hiding';
import { queuePhotoPreviews } from '../domains/public-galleries/preview-jobs';
import { photoFaces } from '../domains/faces/face-store';
import { getPhotos, giveShownPlace } from '../domains/galleries/photo-store';
import { hidesPeople, type PublicGalleryRecord } from '../domains/public-galleries/public-gallery-store';

/**
 * Checks the job's READY photos not withheld yet: new ones waiting to be shown, and (a walk when hiding
 * started) ones shown before anyone was hidden. Gives back how many were newly shown.
 */
export async function checkHiddenPeople(record: PublicGalleryRecord, photoIds: string[]): Promise<number> {
  if (!hidesPeople(record)) return 0;
  const photos = (await getPhotos(record.galleryId, photoIds)).filter(
    (photo) => photo.status === 'READY' && !photo.withheldAt,
  );
  const waiting = new Set(photos.filter((photo) => !photo.shownSort).map((photo) => photo.photoId));
  const faces = await photoFaces(
    record.galleryId,
    photos.map((photo) => photo.photoId),
  );
  const shown: string[] = [];
  for (const [photoId, descriptors] of faces) {
    if (await withholdIfHidden(record, photoId, descriptors)) continue;
    if (waiting.has(photoId) && (await giveShownPlace(record.galleryId, photoId))) shown.push(photoId);
  }
  if (shown.length > 0) await queuePhotoPreviews(record.publicId, shown);
  return shown.length;
}
