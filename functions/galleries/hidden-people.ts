/**
 * The seller's side of hiding people from a public gallery (functions/domains/faces/hiding.ts): adding a person
 * (their reference matched at once against the faces already described), the list of withheld photos to
 * review, releasing one, and removing a person (the photos withheld for them alone return).
 */
import { randomBytes } from 'node:crypto';
import { HIDE_MATCH_THRESHOLD } from '#shared/rules/face-search';
import { PUBLIC_GALLERY_LIMITS } from '#shared/rules/public-gallery-limits';
import { publicGalleryErrors } from '#shared/texts/public-gallery-errors';
import type { HiddenPeopleView } from '#shared/schemas/public-gallery';
import { searchFaces } from '../domains/faces/face-index';
import { withholdPhotos } from '../domains/faces/hiding';
import { conflict, notFound } from '../lib/http-error';
import { RawResult } from '../lib/http';
import { ownGallery } from '../domains/galleries/own-gallery';
import { openPageToken, sealPageToken } from '../lib/paging';
import { queuePhotoPreviews } from '../domains/public-galleries/preview-jobs';
import {
  deleteHiddenPerson,
  deleteWithheld,
  dropWithheldPerson,
  listAllWithheld,
  listHiddenPeople,
  putHiddenPerson,
} from '../domains/faces/hiding-store';
import { getPhotos, releasePhoto } from '../domains/galleries/photo-store';
import {
  addHiddenPeople,
  addWithheldPhotos,
  endHiding,
  getPublicGallery,
  startHiding,
  type PublicGalleryRecord,
} from '../domains/public-galleries/public-gallery-store';
import { deleteGalleryFaceData } from '../domains/faces/face-data';
import { sendFaceJob } from '../domains/faces/face-jobs';
import { galleryFaceIndex } from '../public-galleries/face-search';
import { publicRecordOf } from './public-gallery';
import { thumbnailUrl } from './views';

const PAGE = 50;
const pageScope = (galleryId: string) => `withheld:${galleryId}`;

/** The seller's gallery's public side; without one, what `missing` says (nothing can be hidden there). */
async function publicSide(
  userId: string,
  galleryId: string,
  missing: () => Error,
): Promise<PublicGalleryRecord> {
  const record = await publicRecordOf(await ownGallery(userId, galleryId));
  if (!record) throw missing();
  return record;
}

export async function hiddenPeopleView(
  userId: string,
  galleryId: string,
  nextToken?: string,
): Promise<HiddenPeopleView> {
  await ownGallery(userId, galleryId);
  const after = (await openPageToken(nextToken, pageScope(galleryId)))?.photoId;
  // Every withheld photo is read for the people's counts anyway: the page is taken from them, in id order.
  const [people, all] = await Promise.all([listHiddenPeople(galleryId), listAllWithheld(galleryId)]);
  const rest = typeof after === 'string' ? all.filter((entry) => entry.photoId > after) : all;
  const page = rest.slice(0, PAGE);
  const photos = new Map(
    (
      await getPhotos(
        galleryId,
        page.map((w) => w.photoId),
      )
    ).map((p) => [p.photoId, p]),
  );
  const withheld = await Promise.all(
    page
      .filter((entry) => photos.has(entry.photoId))
      .map(async (entry) => ({ ...entry, thumbnailUrl: await thumbnailUrl(photos.get(entry.photoId)!) })),
  );
  const last = rest.length > PAGE ? page.at(-1) : undefined;
  const token = await sealPageToken(last && { photoId: last.photoId }, pageScope(galleryId));
  return {
    people: people
      .sort((a, b) => a.addedAt.localeCompare(b.addedAt))
      .map(({ personId, label, addedAt }) => ({
        personId,
        label,
        addedAt,
        withheldPhotos: all.filter((entry) => entry.personIds.includes(personId)).length,
      })),
    withheld,
    ...(token && { nextToken: token }),
  };
}

/** The photos (already described) whose faces match the reference, withheld for the person. */
async function matchDescribed(record: PublicGalleryRecord, personId: string, descriptor: Float32Array) {
  // The record as just written (the index's staleness is judged against its face data version).
  const current = (await getPublicGallery(record.publicId)) ?? record;
  const index = await galleryFaceIndex(current);
  const matched = searchFaces(index, descriptor, HIDE_MATCH_THRESHOLD);
  await withholdPhotos(current, new Map(matched.map((photoId) => [photoId, [personId]])));
}

export async function hidePerson(
  userId: string,
  galleryId: string,
  body: { label: string; descriptor: number[] },
  now = new Date(),
): Promise<HiddenPeopleView> {
  const record = await publicSide(userId, galleryId, () =>
    conflict(publicGalleryErrors.hidingNeedsPublicGallery),
  );
  if ((await listHiddenPeople(galleryId)).length >= PUBLIC_GALLERY_LIMITS.hiddenPeople)
    throw conflict(publicGalleryErrors.tooManyHiddenPeople);
  const person = {
    personId: randomBytes(12).toString('base64url'),
    label: body.label,
    descriptor: Float32Array.from(body.descriptor),
    addedAt: now.toISOString(),
  };
  await putHiddenPerson(galleryId, person);
  // Counted first: from now on every new photo's faces are described and checked before it is shown.
  await addHiddenPeople(record.publicId, 1);
  await matchDescribed(record, person.personId, person.descriptor);
  // Without the face search the photos' faces were never described: a walk describes and checks them.
  if (!record.faceSearch.enabled && !record.hidingSince) {
    const startedAt = await startHiding(record.publicId, now.toISOString());
    await sendFaceJob({ kind: 'walk', galleryId, publicId: record.publicId, startedAt });
  }
  return hiddenPeopleView(userId, galleryId);
}

/**
 * The last hidden person removed: without the face search, the photos' faces were described for hiding
 * alone, and go with it.
 */
async function endHidingIfNobody(record: PublicGalleryRecord, galleryId: string): Promise<void> {
  if ((await listHiddenPeople(galleryId)).length > 0) return;
  await endHiding(record.publicId);
  if (!record.faceSearch.enabled) await deleteGalleryFaceData(galleryId);
}

/** Shows a withheld photo again: its previews are made again under the gallery's folder. */
async function showAgain(record: PublicGalleryRecord, photoId: string, releasedFor: string[]) {
  if (await releasePhoto(record.galleryId, photoId, releasedFor))
    await queuePhotoPreviews(record.publicId, [photoId]);
  await addWithheldPhotos(record.publicId, -1);
}

export async function releaseWithheldPhoto(userId: string, galleryId: string, photoId: string) {
  const record = await publicSide(userId, galleryId, () => notFound(publicGalleryErrors.photoNotWithheld));
  const withheld = await deleteWithheld(galleryId, photoId);
  if (!withheld) throw notFound(publicGalleryErrors.photoNotWithheld);
  await showAgain(record, photoId, withheld.personIds);
  return new RawResult({ statusCode: 204 });
}

export async function unhidePerson(userId: string, galleryId: string, personId: string) {
  const record = await publicSide(userId, galleryId, () =>
    notFound(publicGalleryErrors.hiddenPersonNotFound),
  );
  if (!(await deleteHiddenPerson(galleryId, personId)))
    throw notFound(publicGalleryErrors.hiddenPersonNotFound);
  await addHiddenPeople(record.publicId, -1);
  for (const entry of await listAllWithheld(galleryId)) {
    if (!entry.personIds.includes(personId)) continue;
    if (entry.personIds.length > 1) {
      await dropWithheldPerson(galleryId, entry.photoId, personId);
      continue;
    }
    // Withheld for this person alone: shown again (not released for anyone: the reference is gone).
    if (await deleteWithheld(galleryId, entry.photoId)) await showAgain(record, entry.photoId, []);
  }
  await endHidingIfNobody(record, galleryId);
  return new RawResult({ statusCode: 204 });
}
