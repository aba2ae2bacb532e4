/**
 * Hiding a person from a public gallery: a photo in which a face matches a hidden person's reference
 * (within HIDE_MATCH_THRESHOLD) is withheld from customers: off every page (its `shownSort` goes), its
 * previews deleted, refused to face searches, picks and the preview route alike (all read `isShown`), and
 * listed for the seller, who releases it or not. Photos already described are matched when a person is
 * added; each new photo when its faces are described (functions/faces), before it is shown.
 */
import { HIDE_MATCH_THRESHOLD } from '#shared/rules/face-search';
import { deletePhotoPreviews } from '../public-galleries/preview-changes';
import { listHiddenPeople, recordWithheld, type HiddenPersonRecord } from './hiding-store';
import { withholdPhoto } from '../galleries/photo-store';
import {
  addWithheldPhotos,
  hidesPeople,
  type PublicGalleryRecord,
} from '../public-galleries/public-gallery-store';

/** Euclidean distance between two descriptors, stopping once it is past `limit` (squared). */
function withinSquared(a: Float32Array, b: ArrayLike<number>, limit: number): boolean {
  let distance = 0;
  for (let d = 0; d < a.length && distance <= limit; d++) {
    const difference = a[d]! - b[d]!;
    distance += difference * difference;
  }
  return distance <= limit;
}

/** The hidden people whose reference matches any of the photo's faces (pure). */
export function matchingPeople(
  people: readonly HiddenPersonRecord[],
  faces: readonly ArrayLike<number>[],
  threshold = HIDE_MATCH_THRESHOLD,
): string[] {
  const limit = threshold * threshold;
  return people
    .filter((person) => faces.some((face) => withinSquared(person.descriptor, face, limit)))
    .map((person) => person.personId);
}

/**
 * Withholds the photos for the people who matched them (a photo released for a person stays shown for
 * that person), records them for the seller and deletes their previews; gives back how many were newly
 * withheld.
 */
export async function withholdPhotos(
  record: PublicGalleryRecord,
  matches: ReadonlyMap<string, string[]>,
  now = new Date(),
): Promise<number> {
  const at = now.toISOString();
  const withheld: string[] = [];
  for (const [photoId, personIds] of matches) {
    const newly = await Promise.all(
      personIds.map((personId) => withholdPhoto(record.galleryId, photoId, personId, at)),
    );
    const stillFor = personIds.filter((_, i) => newly[i]);
    if (stillFor.length === 0) continue;
    await recordWithheld(record.galleryId, photoId, stillFor, at);
    withheld.push(photoId);
  }
  if (withheld.length === 0) return 0;
  await deletePhotoPreviews(record, withheld);
  await addWithheldPhotos(record.publicId, withheld.length);
  return withheld.length;
}

/** A newly described photo's faces checked against the gallery's hidden people; true when withheld. */
export async function withholdIfHidden(
  record: PublicGalleryRecord,
  photoId: string,
  faces: readonly ArrayLike<number>[],
): Promise<boolean> {
  if (!hidesPeople(record)) return false;
  const people = await listHiddenPeople(record.galleryId);
  const matched = matchingPeople(people, faces);
  if (matched.length === 0) return false;
  return (await withholdPhotos(record, new Map([[photoId, matched]]))) > 0;
}
