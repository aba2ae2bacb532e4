/** The faces function's decisions, without I/O (unit-tested in rules.test.ts). */
import type { WalkFacesJob } from '../lib/face-jobs';
import type { PhotoRecord } from '../lib/repositories/photos';
import type { PublicGalleryRecord } from '../lib/repositories/public-galleries';

/** The public record is this gallery's, and its face search is on. */
export const searchingGallery = (
  record: PublicGalleryRecord | undefined,
  galleryId: string,
): record is PublicGalleryRecord => record?.galleryId === galleryId && record.faceSearch.enabled;

/**
 * A walk goes on only while the switch-on that started it is the current one: switched off (its face
 * data deleted), or off and on again (a new walk started), it stops.
 */
export const walkIsCurrent = (record: PublicGalleryRecord | undefined, job: WalkFacesJob): boolean =>
  searchingGallery(record, job.galleryId) && record.faceSearch.enabledAt === job.startedAt;

/**
 * The photos of a message still to describe, in its order, each once: READY photos of the gallery
 * (`photos`, as just read) not yet described. A photo deleted meanwhile, or not READY (its resize
 * announces it once it is), is left out.
 */
export function toDescribe(
  photoIds: readonly string[],
  described: ReadonlySet<string>,
  photos: readonly Pick<PhotoRecord, 'photoId' | 'status'>[],
): string[] {
  const ready = new Set(photos.filter((photo) => photo.status === 'READY').map((photo) => photo.photoId));
  return [...new Set(photoIds)].filter((id) => ready.has(id) && !described.has(id));
}
