/**
 * One file's upload, from asking the API for somewhere to put it to its last byte stored: the seam
 * where the queue (upload-queue.ts) meets the transport. Today every file goes in one signed PUT; a
 * transport for large files (S3 multipart through presigned part URLs) is another `UploadStep`,
 * chosen per file in `uploadStepFor`, with no change to the queue.
 *
 * A step throws an ApiError for what the API refused (the queue does not retry a final refusal, such
 * as the monthly limit), a NetworkError or an ApiError with status 0 when the network went away (the
 * queue waits for it), anything else for a failure worth retrying.
 */
import type { RouteResponse } from '#shared/routes';
import type { ApiClient } from '../../lib/api-client';
import { xhrPut, type PutFile } from '../../lib/signed-put';

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

const singlePut = signedPutStep();

/** How `file` is uploaded: the place to send files over a size threshold through multipart instead. */
export function uploadStepFor(_file: File): UploadStep {
  return singlePut;
}
