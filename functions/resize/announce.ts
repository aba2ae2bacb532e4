/**
 * After a photo is READY: the follow-up jobs its gallery needs, sent to their queues. Which ones is
 * decided from the gallery's public record, read once (a gallery that was never public has none, and
 * costs no read at all): today only the faces of a gallery whose face search is on
 * (functions/faces). A job that needs the photo's images reads them itself; the resize only says
 * that they exist.
 *
 * What the resize already knows is passed in rather than read again: the photo's owner (from its READY
 * mark) and, for a photo counted just now, its gallery as the count's update returned it.
 *
 * A job that cannot be sent fails the resize, so Lambda runs the event again (every step of it is safe to
 * repeat): a photo is never left without its follow-ups and no one knowing.
 */
import { sendFaceJob } from '../lib/face-jobs';
import { getGallery, type GalleryRecord } from '../lib/repositories/galleries';
import { getPublicGallery, type PublicGalleryRecord } from '../lib/repositories/public-galleries';
import type { PhotoRef } from '../lib/storage-layout';

/**
 * The photo's gallery as far as the resize knows it: read already (undefined when it is gone), or only
 * the owner, from whom it can be read.
 */
export type KnownGallery = { gallery: GalleryRecord | undefined } | { userId: string };

/** A job that follows a photo's processing. */
export type FollowUp = 'faces';

/** What a READY photo of a gallery with this public record needs next (pure). */
export function followUpsOf(record: PublicGalleryRecord): FollowUp[] {
  return record.faceSearch.enabled ? ['faces'] : [];
}

const SENDERS: Record<FollowUp, (ref: PhotoRef, record: PublicGalleryRecord) => Promise<void>> = {
  faces: (ref, record) =>
    sendFaceJob({
      kind: 'describe',
      galleryId: ref.galleryId,
      publicId: record.publicId,
      photoIds: [ref.photoId],
    }),
};

async function publicIdOf(ref: PhotoRef, known: KnownGallery): Promise<string | undefined> {
  const gallery = 'gallery' in known ? known.gallery : await getGallery(known.userId, ref.galleryId);
  return gallery?.publicId;
}

/** Sends the READY photo's follow-up jobs; gives back which were sent. */
export async function announceReady(ref: PhotoRef, known: KnownGallery): Promise<FollowUp[]> {
  const publicId = await publicIdOf(ref, known);
  if (!publicId) return [];
  const record = await getPublicGallery(publicId);
  // The id names this gallery only: a record of another gallery would be a bug, never followed.
  if (record?.galleryId !== ref.galleryId) return [];
  const followUps = followUpsOf(record);
  await Promise.all(followUps.map((followUp) => SENDERS[followUp](ref, record)));
  return followUps;
}
