/**
 * After a photo is READY: the follow-up jobs its gallery needs, sent to their queues. Which ones is
 * decided from the gallery's public record, read once (a gallery that was never public has none, and
 * costs no read at all): the faces of a gallery whose face search is on or that hides people
 * (functions/faces), the previews of a gallery open to customers (functions/preview-jobs). A job that needs the photo's images reads them itself; the resize only says
 * that they exist.
 *
 * What the resize already knows is passed in rather than read again: the photo's owner (from its READY
 * mark) and, for a photo counted just now, its gallery as the count's update returned it.
 *
 * A job that cannot be sent fails the resize, so Lambda runs the event again (every step of it is safe to
 * repeat): a photo is never left without its follow-ups and no one knowing.
 */
import { isOpenToCustomers } from '#shared/rules/public-gallery-access';
import { sendFaceJob } from '../domains/faces/face-jobs';
import { queuePhotoPreviews } from '../domains/public-galleries/preview-jobs';
import { giveShownPlace } from '../domains/galleries/photo-store';
import { getGallery } from '../domains/galleries/gallery-store';
import {
  getPublicGallery,
  hidesPeople,
  type PublicGalleryRecord,
} from '../domains/public-galleries/public-gallery-store';
import type { PhotoRef } from '#shared/platform/storage-layout';

/**
 * A job that follows a photo's processing: its faces described (Find my photos, or people hidden from the
 * gallery), its watermarked previews made ahead of visitors (the gallery is open to customers).
 */
export type FollowUp = 'faces' | 'previews';

/** What a READY photo of a gallery with this public record needs next (pure). */
export function followUpsOf(record: PublicGalleryRecord, now = new Date()): FollowUp[] {
  const followUps: FollowUp[] = [];
  if (record.faceSearch.enabled || hidesPeople(record)) followUps.push('faces');
  // Shown (and so given its previews) only once checked, when the gallery hides people.
  const open = isOpenToCustomers({ published: record.published, endDate: record.settings.endDate }, now);
  if (open && !hidesPeople(record)) followUps.push('previews');
  return followUps;
}

const SENDERS: Record<FollowUp, (ref: PhotoRef, record: PublicGalleryRecord) => Promise<void>> = {
  faces: (ref, record) =>
    sendFaceJob({
      kind: 'describe',
      galleryId: ref.galleryId,
      publicId: record.publicId,
      photoIds: [ref.photoId],
    }),
  previews: (ref, record) => queuePhotoPreviews(record.publicId, [ref.photoId]),
};

/** The gallery's public id, read by its owner (the photo's record names them: keys name no seller). */
async function publicIdOf(ref: PhotoRef, userId: string): Promise<string | undefined> {
  return (await getGallery(userId, ref.galleryId))?.publicId;
}

/**
 * Sends the READY photo's follow-up jobs, and gives it its place among the photos customers are shown:
 * at once, or, when its gallery hides people, once its faces were checked (functions/faces). Gives back
 * which jobs were sent.
 */
export async function announceReady(ref: PhotoRef, userId: string): Promise<FollowUp[]> {
  const publicId = await publicIdOf(ref, userId);
  const found = publicId ? await getPublicGallery(publicId) : undefined;
  // The id names this gallery only: a record of another gallery would be a bug, never followed.
  const record = found?.galleryId === ref.galleryId ? found : undefined;
  if (!hidesPeople(record)) await giveShownPlace(ref.galleryId, ref.photoId);
  if (!record) return [];
  const followUps = followUpsOf(record);
  await Promise.all(followUps.map((followUp) => SENDERS[followUp](ref, record)));
  return followUps;
}
