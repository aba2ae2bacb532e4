/**
 * Upload URLs against the monthly limit (see the upload markers in functions/lib/once-markers.ts
 * for how each photo is counted once), photo deletion, and the retry of a photo whose processing failed.
 */
import { DEFAULT_MONTHLY_UPLOAD_LIMIT } from '#shared/rules/constants';
import { sellerGalleryErrors } from '#shared/texts/errors';
import type { RouteBody, RouteResponse } from '#shared/contract/routes';
import type { Photo } from '#shared/schemas/gallery';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { objectKeys, photoDerivedObjects } from '#shared/platform/storage-layout';
import { bucketsEnv } from '../lib/env';
import { RawResult } from '../lib/http';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { newPhotoId } from '../lib/ids';
import { ownGallery } from '../domains/galleries/own-gallery';
import type { TeamCaller } from '../domains/teams/team-caller';
import { countMemberUploads } from '../domains/teams/member-uploads-store';
import { addToPhotoCount } from '../domains/galleries/gallery-store';
import {
  createPhotoIfAbsent,
  deleteUnheldPhoto,
  getPhoto,
  markPhotoRetrying,
  markProcessingFailed,
  startPhotoDeletion,
} from '../domains/galleries/photo-store';
import { endUnpaidPicksOf } from '../domains/orders/end-unpaid-order';
import { logger } from '../lib/logger';
import { countMetric } from '../lib/metrics';
import { METRIC } from '#shared/platform/metric-names';
import {
  claimUpload,
  markCounted,
  releaseClaim,
  type ClaimResult,
  type UploadMarker,
} from '../domains/uploads/upload-marker-store';
import { getUser } from '../domains/sellers/seller-store';
import { reserveUploads } from '../domains/uploads/upload-quota-store';
import { addToUserCounter } from '../domains/sellers/dashboard-counter-store';
import { usagePeriodKey } from '#shared/rules/subscription';
import { deleteObjects, headObject, signedUploadUrl } from '../lib/s3';
import { reprocessOriginal } from '../domains/galleries/reprocess';
import { deletePhotoFaceData } from '../domains/faces/face-data';
import { deletePhotoPreviews } from '../domains/public-galleries/preview-changes';
import { addWithheldPhotos, getPublicGallery } from '../domains/public-galleries/public-gallery-store';
import { deleteWithheld } from '../domains/faces/hiding-store';
import { uploadProblem } from '../domains/uploads/upload-rules';

type UploadsBody = RouteBody<'createUploads'>;
type UploadFile = UploadsBody['files'][number];

async function claimAll(userId: string, galleryId: string, files: UploadFile[], now: Date) {
  const claims = await Promise.all(
    files.map((file) => claimUpload(userId, file.clientFileId, { galleryId, photoId: newPhotoId() }, now)),
  );
  const fresh = claims.flatMap((c) => (c.kind === 'claimed' ? [c.marker] : []));
  const foreign = claims.some((c) => c.kind !== 'busy' && c.marker.galleryId !== galleryId);
  if (claims.some((c) => c.kind === 'busy') || foreign) {
    await Promise.all(fresh.map(releaseClaim));
    throw conflict(foreign ? sellerToolErrors.duplicateFile : sellerToolErrors.fileInProgress);
  }
  return { claims: claims as Exclude<ClaimResult, { kind: 'busy' }>[], fresh };
}

async function count(
  userId: string,
  fresh: UploadMarker[],
  limit: number,
  now: Date,
  period: string,
): Promise<number> {
  const reservation = await reserveUploads(userId, fresh.length, limit, now, period);
  if (!reservation.ok) {
    await Promise.all(fresh.map(releaseClaim));
    throw conflict(sellerToolErrors.uploadLimitReached(reservation.used, limit));
  }
  await Promise.all(fresh.map(markCounted));
  return reservation.used;
}

/**
 * Checks a batch, then claims each file (by its clientFileId) and counts the new ones against the
 * seller's monthly limit: what every way into the originals bucket does first (single PUTs here,
 * multipart uploads in multipart.ts). Each file's photo id comes back in the batch's order.
 */
export async function claimFiles(
  member: TeamCaller,
  galleryId: string,
  files: UploadFile[],
  now: Date,
): Promise<{ photoIds: string[]; used: number; limit: number }> {
  const userId = member.businessId;
  const problem = uploadProblem(files);
  if (problem) throw badRequest(problem);
  await ownGallery(userId, galleryId);
  const user = await getUser(userId);
  if (!user) throw notFound(sellerGalleryErrors.userIdNotFound);
  const limit = user.monthlyPhotoUploadLimit ?? DEFAULT_MONTHLY_UPLOAD_LIMIT;
  const { claims, fresh } = await claimAll(userId, galleryId, files, now);
  // Counts reset with the subscription's billing period (calendar month without one).
  const period = usagePeriodKey(user, now);
  const used = await count(userId, fresh, limit, now, period);
  await countMemberUploads(member.memberId, fresh.length, period);
  return { photoIds: claims.map((claim) => claim.marker.photoId), used, limit };
}

/** The photo a claimed file becomes, waiting for its bytes (a repeated claim keeps the first). */
export async function recordUploadingPhoto(
  member: TeamCaller,
  galleryId: string,
  photoId: string,
  file: Pick<UploadFile, 'name' | 'clientFileId'>,
  quality: UploadsBody['quality'],
  now: Date,
): Promise<void> {
  await createPhotoIfAbsent({
    galleryId,
    photoId,
    userId: member.businessId,
    uploadedBy: member.memberId,
    status: 'UPLOADING',
    quality,
    originalName: file.name,
    clientFileId: file.clientFileId,
    createdAt: now.toISOString(),
  });
}

export async function createUploads(
  member: TeamCaller,
  galleryId: string,
  body: UploadsBody,
  now = new Date(),
): Promise<RouteResponse<'createUploads'>> {
  const { photoIds, used, limit } = await claimFiles(member, galleryId, body.files, now);
  const { ORIGINALS_BUCKET } = bucketsEnv();
  const uploads = await Promise.all(
    body.files.map(async (file, i) => {
      const photoId = photoIds[i]!;
      await recordUploadingPhoto(member, galleryId, photoId, file, body.quality, now);
      const url = await signedUploadUrl(ORIGINALS_BUCKET, objectKeys.original(galleryId, photoId), file);
      return { clientFileId: file.clientFileId, photoId, url, headers: { 'content-type': file.contentType } };
    }),
  );
  return { uploads, currentMonthUploads: used, monthlyPhotoUploadLimit: limit };
}

/**
 * Deletes one photo and its files. Refused while an order including it can still be opened by its
 * customer (as a gallery with open orders is kept): they paid for, or were promised, that photo. A
 * customer's unpaid pick holds nothing: marked as being deleted first, so no payment can hold it any
 * more, the photo ends every unpaid pick that names it, then goes. The month's uploads stay counted: the
 * limit counts uploads made.
 */
export async function deletePhoto(userId: string, galleryId: string, photoId: string, now = new Date()) {
  const gallery = await ownGallery(userId, galleryId);
  const started = await startPhotoDeletion(galleryId, photoId, now);
  if ('refused' in started) refuseDeletion(started.refused);
  await endUnpaidPicksOf(userId, galleryId, photoId, now);
  const deletion = await deleteUnheldPhoto(galleryId, photoId, now);
  if ('refused' in deletion) refuseDeletion(deletion.refused);
  const { deleted } = deletion;
  const { ORIGINALS_BUCKET, DERIVED_BUCKET } = bucketsEnv();
  await deleteObjects(ORIGINALS_BUCKET, [objectKeys.original(galleryId, photoId)]);
  await deleteObjects(DERIVED_BUCKET, photoDerivedObjects(galleryId, photoId));
  await deletePhotoFaceData(galleryId, photoId, gallery.publicId);
  const publicGallery = gallery.publicId && (await getPublicGallery(gallery.publicId));
  if (publicGallery) await deletePhotoPreviews(publicGallery, [photoId]);
  // A withheld photo is no longer the seller's to review.
  if (deleted.withheldAt && publicGallery && (await deleteWithheld(galleryId, photoId)))
    await addWithheldPhotos(publicGallery.publicId, -1);
  if (deleted.status === 'READY') {
    await addToPhotoCount(userId, galleryId, -1);
    await addToUserCounter(userId, 'totalPhotoCount', -1);
  }
  return new RawResult({ statusCode: 204 });
}

function refuseDeletion(why: 'held' | 'missing'): never {
  if (why === 'held') throw conflict(sellerToolErrors.photoInOpenOrder);
  throw notFound(sellerToolErrors.photoNotFound);
}

/**
 * A seller's retry of their own FAILED photo whose original was kept: PROCESSING again, and the resize
 * runs again. Someone else's photo, or none, is a 404; a photo that did not fail, or whose file was
 * not kept (not an image), a 409.
 */
export async function retryPhoto(
  userId: string,
  galleryId: string,
  photoId: string,
  now = new Date(),
): Promise<Photo> {
  await ownGallery(userId, galleryId);
  const photo = await getPhoto(galleryId, photoId);
  if (!photo || photo.userId !== userId) throw notFound(sellerToolErrors.photoNotFound);
  if (photo.status !== 'FAILED') throw conflict(sellerToolErrors.photoNotFailed);
  const { ORIGINALS_BUCKET } = bucketsEnv();
  const key = objectKeys.original(galleryId, photoId);
  const head = await headObject(ORIGINALS_BUCKET, key);
  if (!head) throw conflict(sellerToolErrors.originalNotKept);
  if (!(await markPhotoRetrying(galleryId, photoId, userId))) throw conflict(sellerToolErrors.photoNotFailed);
  try {
    await reprocessOriginal(key, head, { 'retried-at': now.toISOString() });
  } catch (error) {
    // Nothing will process it: FAILED again (with its reason), so the seller can retry later.
    await markProcessingFailed(galleryId, photoId, photo.failureReason ?? sellerToolErrors.processingFailed);
    throw error;
  }
  countMetric(METRIC.photoRetries);
  logger.info('photo retry started', { key });
  return {
    photoId,
    status: 'PROCESSING',
    ...(photo.originalName && { description: photo.originalName }),
  };
}
