/**
 * The seller's galleries. Every look-up is keyed by the signed-in seller (functions/domains/galleries/own-gallery.ts),
 * so another seller's gallery id reads as not found (404), never as forbidden.
 */
import { GALLERY_PAGE_SIZE } from '#shared/rules/constants';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import type { RouteResponse } from '#shared/contract/routes';
import { objectKeys, photoDerivedObjects } from '#shared/platform/storage-layout';
import { bucketsEnv } from '../lib/env';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { teamErrors } from '#shared/texts/team-errors';
import { listMembers } from '../domains/teams/member-store';
import type { TeamCaller } from '../domains/teams/team-caller';
import { RawResult } from '../lib/http';
import { newGalleryId } from '../lib/ids';
import { openPageToken, sealPageToken } from '../lib/paging';
import * as galleries from '../domains/galleries/gallery-store';
import {
  deletePhotoRecord,
  getPhoto,
  listGalleryPhotos,
  type PhotoRecord,
} from '../domains/galleries/photo-store';
import { addToUserCounter } from '../domains/sellers/dashboard-counter-store';
import { signedImageUrl } from '../domains/galleries/image-urls';
import { ownGallery } from '../domains/galleries/own-gallery';
import { deleteGalleryFaceData } from '../domains/faces/face-data';
import { deleteGalleryHiding } from '../domains/faces/hiding-store';
import { queuePreviewDeletion } from '../domains/public-galleries/preview-jobs';
import { endUnpaidPicksOf } from '../domains/orders/end-unpaid-order';
import { deletePublicGallery } from '../domains/public-galleries/public-gallery-store';
import { deleteObjects } from '../lib/s3';
import { byUpload, galleryView, photoView, thumbnailUrl } from './views';

/** Which galleries a list shows: a photographer, those open to them; anyone else, all or one creator's. */
function galleryFilter(
  member: TeamCaller,
  createdBy: string | undefined,
): galleries.GalleryFilter | undefined {
  if (member.role === 'photographer') return { kind: 'openTo', memberId: member.memberId };
  if (createdBy === undefined) return undefined;
  return { kind: createdBy === member.businessId ? 'createdByOwner' : 'createdBy', memberId: createdBy };
}

export async function listGalleries(
  member: TeamCaller,
  query: { limit?: number; nextToken?: string; createdBy?: string },
): Promise<RouteResponse<'listGalleries'>> {
  const only = galleryFilter(member, query.createdBy);
  // A token opens only the list it was made for: the same business and the same filter.
  const scope = `galleries:${member.businessId}${only ? `:${only.kind}:${only.memberId}` : ''}`;
  const page = await galleries.listGalleries(
    member.businessId,
    query.limit ?? GALLERY_PAGE_SIZE,
    await openPageToken(query.nextToken, scope),
    only,
  );
  const nextToken = await sealPageToken(page.lastKey, scope);
  return { galleries: page.galleries.map(galleryView), ...(nextToken && { nextToken }) };
}

export async function createGallery(member: TeamCaller, albumName: string, now = new Date()) {
  const record = {
    userId: member.businessId,
    galleryId: newGalleryId(now),
    albumName,
    createdAt: now.toISOString(),
    photoCount: 0,
    createdBy: member.memberId,
  };
  await galleries.createGallery(record);
  return { ...galleryView(record), photos: [] };
}

/**
 * Gives the gallery to members of the team (replacing the list): each must be a current member. Giving it
 * to a manager changes nothing for them (they open every gallery), so the list holds photographers.
 */
export async function setGalleryPhotographers(
  member: TeamCaller,
  galleryId: string,
  memberIds: string[],
): Promise<RouteResponse<'setGalleryPhotographers'>> {
  const ids = [...new Set(memberIds)];
  if (ids.length) {
    const team = new Set((await listMembers(member.businessId)).map((m) => m.userId));
    if (ids.some((id) => !team.has(id))) throw badRequest(teamErrors.notAMember);
  }
  const gallery = await galleries.setPhotographers(member.businessId, galleryId, ids);
  if (!gallery) throw notFound(sellerToolErrors.galleryNotFound);
  return galleryView(gallery);
}

/**
 * The photo ids a re-read asks thumbnails for (none given: every photo's). The grid polls while photos
 * process and keeps the URLs it has, so each poll signs only the new photos' thumbnails.
 */
const thumbnailsWanted = (thumbnailsFor: string | undefined): ((photoId: string) => boolean) => {
  if (thumbnailsFor === undefined) return () => true;
  const wanted = new Set(thumbnailsFor.split(',').filter(Boolean));
  return (photoId) => wanted.has(photoId);
};

export async function getGallery(
  userId: string,
  galleryId: string,
  query: { includeUrls?: boolean; includeThumbnails?: boolean; thumbnailsFor?: string },
): Promise<RouteResponse<'getGallery'>> {
  const gallery = await ownGallery(userId, galleryId);
  const urls = query.includeUrls ?? false;
  const thumbnails = query.includeThumbnails ?? false;
  const wanted = thumbnailsWanted(query.thumbnailsFor);
  const photos = (await listGalleryPhotos(galleryId)).sort(byUpload);
  return {
    ...galleryView(gallery),
    photos: await Promise.all(
      photos.map((photo) => photoView(photo, { urls, thumbnails: thumbnails && wanted(photo.photoId) })),
    ),
  };
}

export async function renameGallery(userId: string, galleryId: string, albumName: string) {
  const renamed = await galleries.renameGallery(userId, galleryId, albumName);
  if (!renamed) throw notFound(sellerToolErrors.galleryNotFound);
  return { ...galleryView(renamed), photos: [] };
}

const objectsOf = (photo: PhotoRecord) => ({
  original: objectKeys.original(photo.galleryId, photo.photoId),
  derived: photoDerivedObjects(photo.galleryId, photo.photoId),
});

/** Removes photos' files and records; returns how many of them were READY (counted on the dashboard). */
export async function removePhotos(photos: PhotoRecord[]): Promise<number> {
  const { ORIGINALS_BUCKET, DERIVED_BUCKET } = bucketsEnv();
  const objects = photos.map(objectsOf);
  await deleteObjects(
    ORIGINALS_BUCKET,
    objects.map((o) => o.original),
  );
  await deleteObjects(
    DERIVED_BUCKET,
    objects.flatMap((o) => o.derived),
  );
  let ready = 0;
  for (const photo of photos) {
    const deleted = await deletePhotoRecord(photo.galleryId, photo.photoId);
    if (deleted?.status === 'READY') ready++;
  }
  return ready;
}

/**
 * Deletes the gallery with its photos and their files. Refused while an order of it is still open or
 * within its download period: its customers paid for (or were promised) those photos. A customer's
 * unpaid pick holds nothing: it ends with the gallery. Files go first and the gallery record last, so a
 * failure part-way leaves a gallery that a retry finishes deleting.
 */
export async function deleteGallery(userId: string, galleryId: string, now = new Date()) {
  const gallery = await ownGallery(userId, galleryId);
  if (!(await galleries.startGalleryDeletion(userId, galleryId, now)))
    throw conflict(sellerToolErrors.galleryHasOpenOrders);
  // Its public side closes first, so no customer browses, searches or picks in it while its photos go.
  if (gallery.publicId) {
    await deletePublicGallery(gallery.publicId);
    await queuePreviewDeletion(gallery.publicId);
  }
  // Marked as being deleted: no payment can hold it any more, so the unpaid picks end now.
  await endUnpaidPicksOf(userId, galleryId, undefined, now);
  await deleteGalleryFaceData(galleryId);
  // The people hidden from it go with it: a reference is kept only as long as its gallery.
  await deleteGalleryHiding(galleryId);
  // Marked as being deleted and not held: no order can hold its photos any more.
  const removedReady = await removePhotos(await listGalleryPhotos(galleryId));
  await galleries.deleteGalleryRecord(userId, galleryId);
  if (removedReady > 0) await addToUserCounter(userId, 'totalPhotoCount', -removedReady);
  return new RawResult({ statusCode: 204 });
}

export async function galleryThumbnails(
  userId: string,
  galleryId: string,
  query: { userId?: string },
  photoIds: string[],
): Promise<RouteResponse<'galleryThumbnails'>> {
  // The spec's call names the user; naming anyone else is treated like any foreign id.
  if (query.userId !== undefined && query.userId !== userId) throw notFound(sellerToolErrors.galleryNotFound);
  await ownGallery(userId, galleryId);
  const wanted = new Set(photoIds);
  const photos = (await listGalleryPhotos(galleryId)).filter(
    (photo) => wanted.has(photo.photoId) && photo.status === 'READY',
  );
  const entries = await Promise.all(photos.map(async (photo) => [photo.photoId, await thumbnailUrl(photo)]));
  return { thumbnails: Object.fromEntries(entries) as Record<string, string> };
}

/** The full-size original: a redirect to a short-lived signed URL, for the seller only. */
export async function photoDownload(userId: string, galleryId: string, photoId: string) {
  await ownGallery(userId, galleryId);
  const photo = await getPhoto(galleryId, photoId);
  if (!photo || photo.status !== 'READY') throw notFound(sellerToolErrors.photoNotFound);
  const url = await signedImageUrl(photo, 'original');
  return new RawResult({ statusCode: 302, headers: { location: url, 'cache-control': 'no-store' } });
}
