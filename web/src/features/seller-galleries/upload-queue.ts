/**
 * Uploads files straight to the originals bucket: for each file the API issues a signed PUT URL (which
 * counts it against the monthly limit once, by its clientFileId), then the browser PUTs the bytes with
 * XMLHttpRequest for upload progress (web/src/lib/signed-put.ts). A few files at a time; each failed
 * file is retried, then reported.
 */
import { UPLOAD_ATTEMPTS, UPLOAD_CONCURRENCY } from '#shared/constants';
import type { RouteResponse } from '#shared/routes';
import { ApiError, type ApiClient } from '../../lib/api-client';
import { xhrPut, type PutFile } from '../../lib/signed-put';

export type Quality = 'original' | 'optimized';
export type FileState = 'waiting' | 'uploading' | 'retrying' | 'done' | 'failed';

export interface QueuedFile {
  clientFileId: string;
  file: File;
  state: FileState;
  loaded: number;
  attempt: number;
  photoId?: string;
  error?: string;
}

export type Issued = RouteResponse<'createUploads'>;

/** Batch progress: bytes sent over bytes to send, 0-100. */
export function batchPercent(files: readonly QueuedFile[]): number {
  const total = files.reduce((sum, f) => sum + f.file.size, 0);
  if (total === 0) return 0;
  const sent = files.reduce((sum, f) => sum + (f.state === 'done' ? f.file.size : f.loaded), 0);
  return Math.min(100, Math.floor((sent / total) * 100));
}

export const queueFile = (file: File): QueuedFile => ({
  clientFileId: crypto.randomUUID(),
  file,
  state: 'waiting',
  loaded: 0,
  attempt: 0,
});

/** A refusal that a retry cannot fix (bad type, size, the monthly limit): 4xx except 408/429. */
const isFinal = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

export interface RunOptions {
  api: ApiClient;
  galleryId: string;
  quality: Quality;
  put?: PutFile;
  /** Called on every change of a file; the caller re-renders. */
  onChange: (file: QueuedFile) => void;
  /** Called with the counts the API returned, for the usage bar. */
  onUsage?: (usage: { used: number; limit: number }) => void;
  retryDelayMs?: number;
}

async function uploadOne(item: QueuedFile, options: RunOptions): Promise<void> {
  const { api, galleryId, quality, put = xhrPut, onChange } = options;
  const update = (patch: Partial<QueuedFile>) => onChange(Object.assign(item, patch));
  for (let attempt = 1; attempt <= UPLOAD_ATTEMPTS; attempt++) {
    update({ attempt, state: attempt === 1 ? 'uploading' : 'retrying', loaded: 0 });
    try {
      const issued = await api.createUploads(
        { galleryId },
        {
          quality,
          files: [
            {
              name: item.file.name,
              size: item.file.size,
              contentType: item.file.type,
              clientFileId: item.clientFileId,
            },
          ],
        },
      );
      options.onUsage?.({ used: issued.currentMonthUploads, limit: issued.monthlyPhotoUploadLimit });
      const upload = issued.uploads[0]!;
      update({ photoId: upload.photoId });
      await put(upload.url, upload.headers, item.file, (loaded) => update({ loaded }));
      update({ state: 'done', loaded: item.file.size, error: undefined });
      return;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (isFinal(error) || attempt === UPLOAD_ATTEMPTS) {
        update({ state: 'failed', error: message });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, (options.retryDelayMs ?? 500) * attempt));
    }
  }
}

/** Uploads every file, UPLOAD_CONCURRENCY at a time; resolves when all are done or failed. */
export async function runUploads(files: QueuedFile[], options: RunOptions): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const item = files[next++]!;
      await uploadOne(item, options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, files.length) }, worker));
}
