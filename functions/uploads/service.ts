/**
 * Upload URLs against the monthly limit (see functions/lib/repositories/upload-quota.ts for how each
 * photo is counted once), and photo deletion.
 */
import { DEFAULT_MONTHLY_UPLOAD_LIMIT } from '../../shared/constants';
import { sellerGalleryErrors } from '../../shared/errors';
import type { RouteBody, RouteResponse } from '../../shared/routes';
import { sellerToolErrors } from '../../shared/seller-tools-errors';
import { objectKeys } from '../lib/storage-layout';
import { bucketsEnv } from '../lib/env';
import { RawResult } from '../lib/http';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { newPhotoId } from '../lib/ids';
import { addToPhotoCount, getGallery } from '../lib/repositories/galleries';
import { createPhotoIfAbsent } from '../lib/repositories/photos';
import {
  claimUpload,
  markCounted,
  releaseClaim,
  reserveUploads,
  type ClaimResult,
  type UploadMarker,
} from '../lib/repositories/upload-quota';
import { deleteUnheldPhoto } from '../lib/repositories/order-holds';
import { addToUserCounter } from '../lib/repositories/user-counters';
import { getUser } from '../lib/repositories/users';
import { usagePeriodKey } from '../../shared/rules/subscription';
import { deleteObjects, signedUploadUrl } from '../lib/s3';
import { uploadProblem } from './upload-rules';

type UploadsBody = RouteBody<'createUploads'>;
type UploadFile = UploadsBody['files'][number];

async function ownGalleryOrThrow(userId: string, galleryId: string): Promise<void> {
  if (!(await getGallery(userId, galleryId))) throw notFound(sellerToolErrors.galleryNotFound);
}

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

export async function createUploads(
  userId: string,
  galleryId: string,
  body: UploadsBody,
  now = new Date(),
): Promise<RouteResponse<'createUploads'>> {
  const problem = uploadProblem(body.files);
  if (problem) throw badRequest(problem);
  await ownGalleryOrThrow(userId, galleryId);
  const user = await getUser(userId);
  if (!user) throw notFound(sellerGalleryErrors.userIdNotFound);
  const limit = user.monthlyPhotoUploadLimit ?? DEFAULT_MONTHLY_UPLOAD_LIMIT;

  const { claims, fresh } = await claimAll(userId, galleryId, body.files, now);
  // Counts reset with the subscription's billing period (calendar month without one).
  const used = await count(userId, fresh, limit, now, usagePeriodKey(user, now));
  const { ORIGINALS_BUCKET } = bucketsEnv();
  const uploads = await Promise.all(
    body.files.map(async (file, i) => {
      const { photoId } = claims[i]!.marker;
      await createPhotoIfAbsent({
        galleryId,
        photoId,
        userId,
        status: 'UPLOADING',
        quality: body.quality,
        originalName: file.name,
        clientFileId: file.clientFileId,
        createdAt: now.toISOString(),
      });
      const url = await signedUploadUrl(
        ORIGINALS_BUCKET,
        objectKeys.original(userId, galleryId, photoId),
        file,
      );
      return { clientFileId: file.clientFileId, photoId, url, headers: { 'content-type': file.contentType } };
    }),
  );
  return { uploads, currentMonthUploads: used, monthlyPhotoUploadLimit: limit };
}

/**
 * Deletes one photo and its files. Refused while an order including it can still be opened by its
 * customer (as a gallery with open orders is kept): they paid for, or were promised, that photo. The
 * month's uploads stay counted: the limit counts uploads made.
 */
export async function deletePhoto(userId: string, galleryId: string, photoId: string, now = new Date()) {
  await ownGalleryOrThrow(userId, galleryId);
  const deletion = await deleteUnheldPhoto(galleryId, photoId, now);
  if ('refused' in deletion) {
    if (deletion.refused === 'held') throw conflict(sellerToolErrors.photoInOpenOrder);
    throw notFound(sellerToolErrors.photoNotFound);
  }
  const { deleted } = deletion;
  const { ORIGINALS_BUCKET, DERIVED_BUCKET } = bucketsEnv();
  await deleteObjects(ORIGINALS_BUCKET, [objectKeys.original(userId, galleryId, photoId)]);
  await deleteObjects(DERIVED_BUCKET, [
    objectKeys.thumbnail(userId, galleryId, photoId),
    objectKeys.optimized(userId, galleryId, photoId),
  ]);
  if (deleted.status === 'READY') {
    await addToPhotoCount(userId, galleryId, -1);
    await addToUserCounter(userId, 'totalPhotoCount', -1);
  }
  return new RawResult({ statusCode: 204 });
}
