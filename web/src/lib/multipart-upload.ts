/**
 * A large file's resumable upload: an S3 multipart upload, each part PUT to a URL the API
 * signs for that part's exact size, a few parts at once. Every part that arrives is reported with its
 * ETag (`onPart`), so a persistent queue can keep the photo id and its progress; after a reload or a
 * network loss, `uploadInParts` with the photo id asks the API which parts S3 holds (ListParts) and
 * sends only the others. The API calls and the PUT are injected: the queue passes the typed API client,
 * tests pass fakes.
 */
import { MULTIPART_CONCURRENCY, UPLOAD_ATTEMPTS } from '#shared/rules/constants';
import type { RouteBody, RouteResponse } from '#shared/contract/routes';
import { NetworkError } from './signed-put';

export type MultipartPlan = RouteResponse<'startMultipartUpload'>;
export type MultipartProgress = RouteResponse<'multipartProgress'>;
export type SignedPart = RouteResponse<'signMultipartParts'>['parts'][number];
export type CompletedPart = RouteBody<'completeMultipartUpload'>['parts'][number];

/** One part's PUT: resolves with the ETag S3 answered (the bucket's CORS rule exposes it). */
export type PutPart = (
  url: string,
  body: Blob,
  options: { signal: AbortSignal; onProgress: (loaded: number) => void },
) => Promise<string>;

/** The API calls of one file's upload, bound to its gallery (and file, for `start`). */
export interface MultipartApi {
  /** Claims the file and starts its upload (the same upload again for the same clientFileId). */
  start(): Promise<MultipartPlan>;
  progress(photoId: string): Promise<MultipartProgress>;
  signParts(photoId: string, partNumbers: number[]): Promise<SignedPart[]>;
  complete(photoId: string, parts: CompletedPart[]): Promise<unknown>;
  abort(photoId: string): Promise<void>;
  putPart: PutPart;
}

export interface UploadedPartInfo {
  partNumber: number;
  etag: string;
  size: number;
}

export interface UploadInPartsOptions {
  /** An upload started before (a reload): resume it rather than start one. */
  photoId?: string;
  /** Parts in flight at once. */
  concurrency?: number;
  /** Stops sending (parts in flight are cancelled, those that arrived stay): resume later with the photo id. */
  signal?: AbortSignal;
  /** The upload's plan, once known: keep `photoId` to resume. */
  onPlan?: (plan: MultipartProgress) => void;
  /** Each part S3 now holds (also those found held when resuming). */
  onPart?: (part: UploadedPartInfo) => void;
  /** Bytes S3 holds or is receiving, of `total`. */
  onProgress?: (loaded: number, total: number) => void;
}

/** URLs are signed for 15 minutes; one older than this is signed again before use. */
const URL_REUSE_MS = 10 * 60 * 1000;

const abortError = (): Error => new DOMException('The upload was stopped', 'AbortError');

/** A part's byte range in the file. */
const partRange = (plan: MultipartProgress, partNumber: number) => {
  const start = (partNumber - 1) * plan.partSize;
  return { start, end: Math.min(start + plan.partSize, plan.size) };
};

class PartUrls {
  private readonly signed = new Map<number, { url: string; at: number }>();

  constructor(
    private readonly api: MultipartApi,
    private readonly photoId: string,
    private readonly batch: number,
  ) {}

  /** A fresh URL for the part, signing it with the next few waiting parts in one request. */
  async urlFor(partNumber: number, waiting: readonly number[], fresh = false): Promise<string> {
    const known = this.signed.get(partNumber);
    if (!fresh && known && Date.now() - known.at < URL_REUSE_MS) return known.url;
    const numbers = [partNumber, ...waiting.filter((n) => n !== partNumber).slice(0, this.batch - 1)];
    const parts = await this.api.signParts(this.photoId, numbers);
    for (const part of parts) this.signed.set(part.partNumber, { url: part.url, at: Date.now() });
    const url = this.signed.get(partNumber)?.url;
    if (!url) throw new Error(`No URL was signed for part ${partNumber}`);
    return url;
  }
}

/**
 * Uploads `file` in parts and completes the upload; resolves with the photo id. Rejects when stopped
 * through `signal` (an AbortError: the parts sent stay, for a resume) or when a part failed
 * UPLOAD_ATTEMPTS times (the same: resume later).
 */
export async function uploadInParts(
  file: Blob,
  api: MultipartApi,
  options: UploadInPartsOptions = {},
): Promise<{ photoId: string }> {
  const { signal } = options;
  const photoId = options.photoId ?? (await api.start()).photoId;
  const plan = await api.progress(photoId);
  if (plan.size !== file.size) throw new Error('This file is not the one the upload was started for');
  options.onPlan?.(plan);
  const done = new Map<number, UploadedPartInfo>();
  for (const part of plan.parts) {
    const { start, end } = partRange(plan, part.partNumber);
    // A part held with another size (not this file's cut) is sent again.
    if (part.size !== end - start) continue;
    done.set(part.partNumber, part);
    options.onPart?.(part);
  }
  const inFlight = new Map<number, number>();
  const report = () => {
    let loaded = 0;
    for (const part of done.values()) loaded += part.size;
    for (const sent of inFlight.values()) loaded += sent;
    options.onProgress?.(loaded, plan.size);
  };
  report();
  const waiting = Array.from({ length: plan.partCount }, (_, i) => i + 1).filter((n) => !done.has(n));
  const concurrency = Math.max(1, options.concurrency ?? MULTIPART_CONCURRENCY);
  const urls = new PartUrls(api, photoId, concurrency * 2);
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal?.addEventListener('abort', onAbort);
  // Stopped while the plan was being fetched: the listener above came too late to hear it.
  if (signal?.aborted) stop.abort();

  const sendPart = async (partNumber: number): Promise<void> => {
    const { start, end } = partRange(plan, partNumber);
    const body = file.slice(start, end);
    for (let attempt = 1; ; attempt++) {
      if (stop.signal.aborted) throw abortError();
      try {
        const url = await urls.urlFor(partNumber, waiting, attempt > 1);
        inFlight.set(partNumber, 0);
        const etag = await api.putPart(url, body, {
          signal: stop.signal,
          onProgress: (loaded) => {
            inFlight.set(partNumber, loaded);
            report();
          },
        });
        inFlight.delete(partNumber);
        const part = { partNumber, etag, size: end - start };
        done.set(partNumber, part);
        options.onPart?.(part);
        report();
        return;
      } catch (error) {
        inFlight.delete(partNumber);
        if (stop.signal.aborted || attempt >= UPLOAD_ATTEMPTS)
          throw stop.signal.aborted ? abortError() : error;
      }
    }
  };

  const worker = async (): Promise<void> => {
    for (let next = waiting.shift(); next !== undefined; next = waiting.shift()) await sendPart(next);
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, waiting.length) }, worker));
  } catch (error) {
    // One part gave up: stop the others (what arrived stays for a resume).
    stop.abort();
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  const parts = [...done.values()]
    .sort((a, b) => a.partNumber - b.partNumber)
    .map(({ partNumber, etag }) => ({ partNumber, etag }));
  await api.complete(photoId, parts);
  return { photoId };
}

/** Discards an upload: S3 drops its parts and the photo that waited for it is removed. */
export function abandonUpload(api: Pick<MultipartApi, 'abort'>, photoId: string): Promise<void> {
  return api.abort(photoId);
}

/** A part's PUT from the browser, with upload progress (which fetch cannot report). */
export const xhrPutPart: PutPart = (url, body, { signal, onProgress }) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      const etag = xhr.getResponseHeader('ETag');
      if (xhr.status >= 200 && xhr.status < 300 && etag) resolve(etag);
      else reject(new Error(`HTTP ${xhr.status}`));
    };
    // No answer at all: the queue waits for the network rather than counting an attempt.
    xhr.onerror = () => reject(new NetworkError());
    xhr.onabort = () => reject(abortError());
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
