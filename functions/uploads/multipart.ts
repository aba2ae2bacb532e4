/**
 * Resumable uploads: a file over MULTIPART_THRESHOLD_BYTES goes to the originals bucket as
 * an S3 multipart upload. Starting one claims and counts the file like a single upload (service.ts
 * claimFiles); the upload's id is kept on the photo, so only the photo's own seller can go on with it
 * (another seller's gallery or photo is a 404). Each part URL signs that part's exact size; completion
 * checks what S3 holds against the declared size before assembling, and aborts otherwise.
 */
import { MULTIPART_PART_BYTES, MULTIPART_THRESHOLD_BYTES, MAX_UPLOAD_BYTES } from '#shared/rules/constants';
import type { RouteBody, RouteResponse } from '#shared/contract/routes';
import type { Photo } from '#shared/schemas/gallery';
import type { MultipartPlan } from '#shared/schemas/multipart';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { bucketsEnv } from '../lib/env';
import { RawResult } from '../lib/http';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { logger } from '../lib/logger';
import { ownGallery } from '../domains/galleries/own-gallery';
import type { TeamCaller } from '../domains/teams/team-caller';
import {
  clearPhotoMultipart,
  deleteWaitingPhoto,
  getPhoto,
  setPhotoMultipart,
  type MultipartRecord,
  type PhotoRecord,
} from '../domains/galleries/photo-store';
import {
  abortMultipartUpload,
  completeMultipartUpload as completeInS3,
  createMultipartUpload,
  listParts,
  signedPartUrl,
  type StoredPart,
} from '../lib/s3';
import { objectKeys } from '#shared/platform/storage-layout';
import { claimFiles, recordUploadingPhoto } from './service';

const partCountOf = (upload: MultipartRecord): number => Math.ceil(upload.size / upload.partSize);

/** A part's exact size: `partSize`, but the last part holds what is left. */
export function partSizeOf(upload: MultipartRecord, partNumber: number): number {
  const count = partCountOf(upload);
  return partNumber < count ? upload.partSize : upload.size - upload.partSize * (count - 1);
}

const planOf = (photoId: string, upload: MultipartRecord): MultipartPlan => ({
  photoId,
  uploadId: upload.uploadId,
  size: upload.size,
  partSize: upload.partSize,
  partCount: partCountOf(upload),
});

const originalKey = (photo: PhotoRecord) => objectKeys.original(photo.galleryId, photo.photoId);

const photoView = (photo: PhotoRecord, status = photo.status): Photo => ({
  photoId: photo.photoId,
  status,
  ...(photo.originalName && { description: photo.originalName }),
});

/** The seller's own photo; 404 for another seller's gallery or photo, as everywhere else. */
async function ownPhoto(userId: string, galleryId: string, photoId: string): Promise<PhotoRecord> {
  await ownGallery(userId, galleryId);
  const photo = await getPhoto(galleryId, photoId);
  if (!photo || photo.userId !== userId) throw notFound(sellerToolErrors.photoNotFound);
  return photo;
}

/** The seller's photo with its multipart upload still open; 409 when it has none. */
async function waitingUpload(userId: string, galleryId: string, photoId: string) {
  const photo = await ownPhoto(userId, galleryId, photoId);
  if (!photo.multipart || photo.status !== 'UPLOADING') throw conflict(sellerToolErrors.noMultipartUpload);
  return { photo, upload: photo.multipart };
}

export async function startMultipartUpload(
  member: TeamCaller,
  galleryId: string,
  body: RouteBody<'startMultipartUpload'>,
  now = new Date(),
): Promise<RouteResponse<'startMultipartUpload'>> {
  const { file } = body;
  if (file.size <= MULTIPART_THRESHOLD_BYTES) throw badRequest(sellerToolErrors.notMultipart(file.name));
  const { photoIds, used, limit } = await claimFiles(member, galleryId, [file], now);
  const photoId = photoIds[0]!;
  await recordUploadingPhoto(member, galleryId, photoId, file, body.quality, now);
  const answer = (upload: MultipartRecord) => ({
    ...planOf(photoId, upload),
    clientFileId: file.clientFileId,
    currentMonthUploads: used,
    monthlyPhotoUploadLimit: limit,
  });
  const photo = await getPhoto(galleryId, photoId);
  if (!photo || photo.status !== 'UPLOADING') throw conflict(sellerToolErrors.alreadyUploaded);
  // The same file started again (a reload before its start was answered): the same upload goes on.
  if (photo.multipart) return answer(photo.multipart);
  const { ORIGINALS_BUCKET } = bucketsEnv();
  const key = originalKey(photo);
  const upload = {
    uploadId: await createMultipartUpload(ORIGINALS_BUCKET, key, file.contentType),
    size: file.size,
    partSize: MULTIPART_PART_BYTES,
  };
  if (await setPhotoMultipart(galleryId, photoId, member.businessId, upload)) return answer(upload);
  // Another start of the same file won the race: ours is dropped, and theirs goes on.
  await abortMultipartUpload(ORIGINALS_BUCKET, key, upload.uploadId);
  const winner = await getPhoto(galleryId, photoId);
  if (winner?.multipart && winner.status === 'UPLOADING') return answer(winner.multipart);
  throw conflict(sellerToolErrors.alreadyUploaded);
}

/** The upload's plan and the parts S3 holds so far: a reloaded page resumes after them. */
export async function multipartProgress(
  userId: string,
  galleryId: string,
  photoId: string,
): Promise<RouteResponse<'multipartProgress'>> {
  const { photo, upload } = await waitingUpload(userId, galleryId, photoId);
  const parts = await listParts(bucketsEnv().ORIGINALS_BUCKET, originalKey(photo), upload.uploadId);
  // S3 no longer knows it (the lifecycle rule removed an abandoned upload): start again.
  if (!parts) throw conflict(sellerToolErrors.noMultipartUpload);
  return { ...planOf(photoId, upload), parts };
}

export async function signMultipartParts(
  userId: string,
  galleryId: string,
  photoId: string,
  body: RouteBody<'signMultipartParts'>,
): Promise<RouteResponse<'signMultipartParts'>> {
  const { photo, upload } = await waitingUpload(userId, galleryId, photoId);
  const count = partCountOf(upload);
  if (body.partNumbers.some((n) => n > count)) throw badRequest(sellerToolErrors.partOutOfRange(count));
  const { ORIGINALS_BUCKET } = bucketsEnv();
  const key = originalKey(photo);
  const parts = await Promise.all(
    [...new Set(body.partNumbers)].map(async (partNumber) => {
      const size = partSizeOf(upload, partNumber);
      const url = await signedPartUrl(ORIGINALS_BUCKET, key, { uploadId: upload.uploadId, partNumber, size });
      return { partNumber, url, size };
    }),
  );
  return { parts };
}

const unquoted = (etag: string): string => etag.replace(/"/g, '');

/**
 * Whether the declared parts make up exactly the declared file: every part from 1 to the part count,
 * in order, each one S3 holds with that ETag and the size its URL signed, so the total is the declared
 * size (itself within MAX_UPLOAD_BYTES, checked at the start).
 */
export function partsMakeUpFile(
  upload: MultipartRecord,
  declared: readonly { partNumber: number; etag: string }[],
  stored: readonly StoredPart[],
): boolean {
  const byNumber = new Map(stored.map((part) => [part.partNumber, part]));
  if (declared.length !== partCountOf(upload)) return false;
  let total = 0;
  for (const [i, part] of declared.entries()) {
    const held = byNumber.get(part.partNumber);
    if (part.partNumber !== i + 1 || !held || unquoted(held.etag) !== unquoted(part.etag)) return false;
    if (held.size !== partSizeOf(upload, part.partNumber)) return false;
    total += held.size;
  }
  return total === upload.size && total <= MAX_UPLOAD_BYTES;
}

/** What S3 answers when the parts named do not make up an object: the caller's fault, a 400. */
const REFUSED_COMPLETIONS = new Set(['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall', 'EntityTooLarge']);

export async function completeMultipart(
  userId: string,
  galleryId: string,
  photoId: string,
  body: RouteBody<'completeMultipartUpload'>,
): Promise<Photo> {
  const current = await ownPhoto(userId, galleryId, photoId);
  // A completion answered once already (the answer was lost): the same answer.
  if (!current.multipart && current.status !== 'UPLOADING') return photoView(current);
  const { photo, upload } = await waitingUpload(userId, galleryId, photoId);
  const { ORIGINALS_BUCKET } = bucketsEnv();
  const key = originalKey(photo);
  const stored = await listParts(ORIGINALS_BUCKET, key, upload.uploadId);
  if (!stored) throw conflict(sellerToolErrors.noMultipartUpload);
  const refuse = async () => {
    // Nothing of a file that is not what was declared (and counted) is kept.
    await abortMultipartUpload(ORIGINALS_BUCKET, key, upload.uploadId);
    await deleteWaitingPhoto(galleryId, photoId, upload.uploadId);
    logger.warn('multipart upload refused at completion', { galleryId, photoId, size: upload.size });
    return badRequest(sellerToolErrors.partsDoNotMatch);
  };
  if (!partsMakeUpFile(upload, body.parts, stored)) throw await refuse();
  try {
    await completeInS3(ORIGINALS_BUCKET, key, upload.uploadId, body.parts);
  } catch (error) {
    if (REFUSED_COMPLETIONS.has((error as { name?: string }).name ?? '')) throw await refuse();
    throw error;
  }
  await clearPhotoMultipart(galleryId, photoId, upload.uploadId);
  return photoView(photo);
}

/** Aborts the upload (S3 drops every part) and removes the photo that waited for it. */
export async function abortMultipart(userId: string, galleryId: string, photoId: string): Promise<RawResult> {
  const { photo, upload } = await waitingUpload(userId, galleryId, photoId);
  await abortMultipartUpload(bucketsEnv().ORIGINALS_BUCKET, originalKey(photo), upload.uploadId);
  await deleteWaitingPhoto(galleryId, photoId, upload.uploadId);
  return new RawResult({ statusCode: 204 });
}
