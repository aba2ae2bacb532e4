/**
 * One file's upload, from asking the API for somewhere to put it to its last byte stored: the seam
 * where the queue (upload-queue.ts) meets the transport. A file up to MULTIPART_THRESHOLD_BYTES goes
 * in one signed PUT; a larger one as an S3 multipart upload through presigned part URLs
 * (lib/multipart-upload.ts), whose photo id the queue keeps with the file so that a reload or a
 * network loss resumes from the parts S3 already holds. `uploadStepFor` chooses per file.
 *
 * A step throws an ApiError for what the API refused (the queue does not retry a final refusal, such
 * as the monthly limit), a NetworkError or an ApiError with status 0 when the network went away (the
 * queue waits for it), anything else for a failure worth retrying.
 */
import { MULTIPART_THRESHOLD_BYTES } from '#shared/rules/constants';
import type { RouteResponse } from '#shared/contract/routes';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import {
  uploadInParts,
  xhrPutPart,
  type MultipartApi,
  type PutPart,
  type UploadInPartsOptions,
} from '../../../lib/multipart-upload';
import { xhrPut, type PutFile } from '../../../lib/signed-put';

export type Quality = 'original' | 'optimized';
export type Issued = RouteResponse<'createUploads'>;

export interface UploadJob {
  api: ApiClient;
  galleryId: string;
  quality: Quality;
  file: File;
  /**
   * The queue's id for this file, kept across retries and reloads: the API counts a clientFileId
   * against the monthly limit once and answers a repeated request with the same photo.
   */
  clientFileId: string;
  /** The API issued the upload: its photo, and the month's counts for the usage bar. */
  onIssued(issued: { photoId: string; used: number; limit: number }): void;
  /** Bytes of the file sent so far. */
  onProgress(loaded: number): void;
  /** A multipart upload of this file started before (kept with the queued file): resume it. */
  multipartPhotoId?: string;
  /** A multipart upload began: the queue keeps its photo id with the file, to resume it later. */
  onMultipartStarted?(photoId: string): void;
  /** Stops the upload (the file was removed); a multipart upload's parts stay until it is discarded. */
  signal?: AbortSignal;
}

export type UploadStep = (job: UploadJob) => Promise<void>;

/** The whole file in one PUT to a URL signed for it (createUploads). */
export const signedPutStep =
  (put: PutFile = xhrPut): UploadStep =>
  async ({ api, galleryId, quality, file, clientFileId, onIssued, onProgress }) => {
    const issued = await api.createUploads(
      { galleryId },
      { quality, files: [{ name: file.name, size: file.size, contentType: file.type, clientFileId }] },
    );
    const upload = issued.uploads[0]!;
    onIssued({
      photoId: upload.photoId,
      used: issued.currentMonthUploads,
      limit: issued.monthlyPhotoUploadLimit,
    });
    await put(upload.url, upload.headers, file, onProgress);
  };

/** S3 no longer knows the upload (aborted, or removed by the bucket's lifecycle rule after a day). */
const isGone = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 409);

/**
 * The file in parts: started through the API unless the job names an upload started
 * before, in which case it resumes with the parts S3 holds; an upload S3 no longer knows starts again.
 */
export const multipartStep =
  (putPart: PutPart = xhrPutPart): UploadStep =>
  async (job) => {
    const { api, galleryId, quality, file, clientFileId } = job;
    const calls: MultipartApi = {
      start: async () => {
        const plan = await api.startMultipartUpload(
          { galleryId },
          { quality, file: { name: file.name, size: file.size, contentType: file.type, clientFileId } },
        );
        job.onIssued({
          photoId: plan.photoId,
          used: plan.currentMonthUploads,
          limit: plan.monthlyPhotoUploadLimit,
        });
        job.onMultipartStarted?.(plan.photoId);
        return plan;
      },
      progress: (photoId) => api.multipartProgress({ galleryId, photoId }),
      signParts: async (photoId, partNumbers) =>
        (await api.signMultipartParts({ galleryId, photoId }, { partNumbers })).parts,
      complete: (photoId, parts) => api.completeMultipartUpload({ galleryId, photoId }, { parts }),
      abort: (photoId) => discardMultipartUpload(api, galleryId, photoId),
      putPart,
    };
    const options: UploadInPartsOptions = {
      onProgress: (loaded) => job.onProgress(loaded),
      ...(job.signal && { signal: job.signal }),
    };
    if (job.multipartPhotoId) {
      try {
        await uploadInParts(file, calls, { ...options, photoId: job.multipartPhotoId });
        return;
      } catch (error) {
        if (!isGone(error)) throw error;
      }
    }
    await uploadInParts(file, calls, options);
  };

/** Aborts a file's multipart upload: S3 drops its parts and the photo that waited is removed. */
export async function discardMultipartUpload(
  api: ApiClient,
  galleryId: string,
  photoId: string,
): Promise<void> {
  await api.abortMultipartUpload({ galleryId, photoId });
}

const singlePut = signedPutStep();
const inParts = multipartStep();

/** How `file` is uploaded: in parts over MULTIPART_THRESHOLD_BYTES (as the API requires), else one PUT. */
export function uploadStepFor(file: File): UploadStep {
  return file.size > MULTIPART_THRESHOLD_BYTES ? inParts : singlePut;
}
