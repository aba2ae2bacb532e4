/**
 * Resumable uploads: a file larger than MULTIPART_THRESHOLD_BYTES goes to the originals
 * bucket as an S3 multipart upload, each part PUT to its own presigned URL. The server keeps the
 * upload's id on the photo, so every later call names the photo only; S3 lists what has arrived, so a
 * reloaded page resumes from there.
 */
import * as z from 'zod/mini';
import { MULTIPART_URLS_PER_REQUEST } from '../rules/constants';
import { Id } from './common';
import { UploadFile, UploadQuality } from './gallery';

/** S3 numbers parts from 1 to 10,000. */
export const PartNumber = z.number().check(z.int(), z.minimum(1), z.maximum(10_000));
/** An S3 part ETag, quoted or not (S3 compares them without the quotes). */
export const PartETag = z.string().check(z.minLength(1), z.maxLength(128));

export const StartMultipartUploadBody = z.object({ quality: UploadQuality, file: UploadFile });

/** How the file is cut: parts of `partSize` bytes, the last one holding what is left. */
export const MultipartPlan = z.object({
  photoId: Id,
  uploadId: z.string(),
  size: z.number(),
  partSize: z.number(),
  partCount: z.number(),
});
export type MultipartPlan = z.infer<typeof MultipartPlan>;

export const StartMultipartUploadResponse = z.object({
  ...MultipartPlan.shape,
  clientFileId: z.string(),
  currentMonthUploads: z.number(),
  monthlyPhotoUploadLimit: z.number(),
});

export const SignPartsBody = z.object({
  partNumbers: z.array(PartNumber).check(z.minLength(1), z.maxLength(MULTIPART_URLS_PER_REQUEST)),
});
/** One URL per part, each signing that part's exact Content-Length (`size`). */
export const SignPartsResponse = z.object({
  parts: z.array(z.object({ partNumber: z.number(), url: z.string(), size: z.number() })),
});

export const UploadedPart = z.object({ partNumber: z.number(), etag: z.string(), size: z.number() });
export type UploadedPart = z.infer<typeof UploadedPart>;
/** The plan and the parts S3 holds so far (ListParts), for resuming after a reload. */
export const MultipartProgress = z.object({ ...MultipartPlan.shape, parts: z.array(UploadedPart) });
export type MultipartProgress = z.infer<typeof MultipartProgress>;

export const CompleteMultipartBody = z.object({
  parts: z
    .array(z.object({ partNumber: PartNumber, etag: PartETag }))
    .check(z.minLength(1), z.maxLength(10_000)),
});
