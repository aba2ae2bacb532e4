/** The faces function's decisions, without I/O (unit-tested in rules.test.ts). */
import type { WalkFacesJob } from '../domains/faces/face-jobs';
import type { PhotoRecord } from '../domains/galleries/photo-store';
import { hidesPeople, type PublicGalleryRecord } from '../domains/public-galleries/public-gallery-store';

/**
 * The public record is this gallery's, and its photos' faces are described: its face search is on, or it
 * hides people (each new photo is checked against them before it is shown).
 */
export const searchingGallery = (
  record: PublicGalleryRecord | undefined,
  galleryId: string,
): record is PublicGalleryRecord =>
  record?.galleryId === galleryId && (record.faceSearch.enabled || hidesPeople(record));

/**
 * A walk goes on only while what started it is current: the switch-on of the search (switched off, its
 * face data deleted, or off and on again, a new walk started, it stops), or the first person hidden.
 */
export const walkIsCurrent = (record: PublicGalleryRecord | undefined, job: WalkFacesJob): boolean =>
  searchingGallery(record, job.galleryId) &&
  ((record.faceSearch.enabled && record.faceSearch.enabledAt === job.startedAt) ||
    record.hidingSince === job.startedAt);

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
