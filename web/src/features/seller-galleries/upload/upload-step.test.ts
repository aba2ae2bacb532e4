import { describe, expect, it, vi } from 'vitest';
import { MULTIPART_THRESHOLD_BYTES } from '#shared/rules/constants';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { memoryStore, scopePrefix } from '../../../lib/device-store';
import type { PutPart } from '../../../lib/multipart-upload';
import { NetworkError } from '../../../lib/signed-put';
import { switchableNetwork } from '../../../testing/switchable-network';
import { UploadQueue } from './upload-queue';
import type { StoredUpload } from './upload-store';
import { multipartStep, uploadStepFor, type UploadJob } from './upload-step';

const PART = 10;
const file = (name: string, size = 95) => new File([new Uint8Array(size)], name, { type: 'image/tiff' });

/**
 * The five multipart routes and S3 in memory: parts of PART bytes; `failPart` decides, per PUT, to
 * throw instead of storing the part (a network loss, say).
 */
function fakeMultipart(failPart: (partNumber: number) => Error | undefined = () => undefined) {
  const uploads = new Map<string, { size: number; parts: Map<number, { etag: string; size: number }> }>();
  const planOf = (photoId: string) => {
    const upload = uploads.get(photoId);
    if (!upload) throw new ApiError('This upload is no longer in progress', 404, 'Not Found');
    return {
      photoId,
      uploadId: `u-${photoId}`,
      size: upload.size,
      partSize: PART,
      partCount: Math.ceil(upload.size / PART),
    };
  };
  const api = {
    startMultipartUpload: vi.fn(
      async (_input: { galleryId: string }, body: { file: { size: number; clientFileId: string } }) => {
        const photoId = `p-${body.file.clientFileId}`;
        if (!uploads.has(photoId)) uploads.set(photoId, { size: body.file.size, parts: new Map() });
        return {
          ...planOf(photoId),
          clientFileId: body.file.clientFileId,
          currentMonthUploads: 3,
          monthlyPhotoUploadLimit: 10,
        };
      },
    ),
    multipartProgress: vi.fn(async ({ photoId }: { photoId: string }) => ({
      ...planOf(photoId),
      parts: [...uploads.get(photoId)!.parts].map(([partNumber, p]) => ({ partNumber, ...p })),
    })),
    signMultipartParts: vi.fn(
      async ({ photoId }: { photoId: string }, { partNumbers }: { partNumbers: number[] }) => {
        planOf(photoId);
        return { parts: partNumbers.map((n) => ({ partNumber: n, url: `s3/${photoId}/${n}`, size: PART })) };
      },
    ),
    completeMultipartUpload: vi.fn(
      async ({ photoId }: { photoId: string }, { parts }: { parts: { partNumber: number }[] }) => {
        const plan = planOf(photoId);
        expect(parts.map((p) => p.partNumber)).toEqual(
          Array.from({ length: plan.partCount }, (_, i) => i + 1),
        );
        uploads.delete(photoId);
        return {};
      },
    ),
    abortMultipartUpload: vi.fn(async ({ photoId }: { photoId: string }) => {
      planOf(photoId);
      uploads.delete(photoId);
    }),
    createUploads: vi.fn(async () => {
      throw new ApiError('Not this way', 418, 'Teapot');
    }),
  };
  const sent: number[] = [];
  const putPart: PutPart = async (url, body, { onProgress }) => {
    const [, photoId, n] = url.split('/');
    const partNumber = Number(n);
    const failure = failPart(partNumber);
    if (failure) throw failure;
    await new Promise((resolve) => setTimeout(resolve, 1));
    const upload = uploads.get(photoId!);
    if (!upload) throw new Error('NoSuchUpload');
    upload.parts.set(partNumber, { etag: `"e${partNumber}"`, size: body.size });
    sent.push(partNumber);
    onProgress(body.size);
    return `"e${partNumber}"`;
  };
  return { api, client: api as unknown as ApiClient, putPart, sent, uploads };
}

const job = (api: ApiClient, f: File, extra: Partial<UploadJob> = {}): UploadJob => ({
  api,
  galleryId: 'g1',
  quality: 'original',
  file: f,
  clientFileId: 'c1',
  onIssued: () => undefined,
  onProgress: () => undefined,
  ...extra,
});

describe('uploadStepFor', () => {
  it('sends a file over MULTIPART_THRESHOLD_BYTES in parts and a file at the threshold in one PUT', async () => {
    const refusal = new ApiError('Monthly upload limit reached', 409, 'Conflict');
    const api = {
      startMultipartUpload: vi.fn(async () => Promise.reject(refusal)),
      createUploads: vi.fn(async () => Promise.reject(refusal)),
    };
    const client = api as unknown as ApiClient;
    const large = file('large.tif', MULTIPART_THRESHOLD_BYTES + 1);
    const atThreshold = file('small.tif', MULTIPART_THRESHOLD_BYTES);

    await expect(uploadStepFor(large)(job(client, large))).rejects.toBe(refusal);
    expect(api.startMultipartUpload).toHaveBeenCalledOnce();
    expect(api.createUploads).not.toHaveBeenCalled();

    await expect(uploadStepFor(atThreshold)(job(client, atThreshold))).rejects.toBe(refusal);
    expect(api.createUploads).toHaveBeenCalledOnce();
    expect(api.startMultipartUpload).toHaveBeenCalledOnce();
  });
});

describe('multipartStep', () => {
  it('starts the upload, reports the photo, the usage and the bytes, and completes it', async () => {
    const s3 = fakeMultipart();
    const onIssued = vi.fn();
    const onMultipartStarted = vi.fn();
    const progress: number[] = [];
    const f = file('a.tif');
    await multipartStep(s3.putPart)(
      job(s3.client, f, { onIssued, onMultipartStarted, onProgress: (n) => progress.push(n) }),
    );
    expect(onIssued).toHaveBeenCalledWith({ photoId: 'p-c1', used: 3, limit: 10 });
    expect(onMultipartStarted).toHaveBeenCalledWith('p-c1');
    expect(s3.sent.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(progress.at(-1)).toBe(f.size);
    expect(s3.api.completeMultipartUpload).toHaveBeenCalledOnce();
  });

  it('resumes an upload it is given with the parts S3 holds, and starts again one S3 no longer knows', async () => {
    const s3 = fakeMultipart();
    const f = file('a.tif');
    await s3.api.startMultipartUpload({ galleryId: 'g1' }, { file: { size: f.size, clientFileId: 'c1' } });
    s3.uploads.get('p-c1')!.parts.set(1, { etag: '"e1"', size: PART });
    s3.uploads.get('p-c1')!.parts.set(2, { etag: '"e2"', size: PART });
    await multipartStep(s3.putPart)(job(s3.client, f, { multipartPhotoId: 'p-c1' }));
    expect(s3.sent.sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(s3.api.startMultipartUpload).toHaveBeenCalledOnce();

    // The upload was aborted meanwhile (the bucket's lifecycle rule): a fresh one.
    s3.sent.length = 0;
    await multipartStep(s3.putPart)(job(s3.client, f, { multipartPhotoId: 'p-gone' }));
    expect(s3.api.startMultipartUpload).toHaveBeenCalledTimes(2);
    expect(s3.sent).toHaveLength(10);
  });

  it('sends no part once stopped, even when stopped before the plan came back', async () => {
    const s3 = fakeMultipart();
    const stop = new AbortController();
    stop.abort();
    await expect(
      multipartStep(s3.putPart)(job(s3.client, file('a.tif'), { signal: stop.signal })),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(s3.sent).toEqual([]);
    expect(s3.api.completeMultipartUpload).not.toHaveBeenCalled();
  });
});

describe('UploadQueue with multipart uploads', () => {
  const makeQueue = (
    s3: ReturnType<typeof fakeMultipart>,
    store = memoryStore<StoredUpload>(),
    network = switchableNetwork(true),
  ) =>
    new UploadQueue({
      api: s3.client,
      galleryId: 'g1',
      store,
      network,
      stepFor: () => multipartStep(s3.putPart),
      retryDelayMs: 0,
      networkRetryMs: 60_000,
    });

  it('keeps the photo id with the file and, after a network loss and a reload, sends only the parts S3 lacks', async () => {
    // The network goes when part 5 is sent, and stays away until the reload.
    let dropped = false;
    let back = false;
    const s3 = fakeMultipart((n) => {
      if (n > 4) dropped = true;
      return dropped && !back ? new NetworkError() : undefined;
    });
    const store = memoryStore<StoredUpload>();
    const network = switchableNetwork(true);
    const first = makeQueue(s3, store, network);
    first.add([file('a.tif')], 'original');
    await vi.waitFor(() => expect(first.getSnapshot()[0]!.state).toBe('offline'));
    // Waiting for the network is not an attempt used.
    expect(first.getSnapshot()[0]).toMatchObject({
      attempt: 0,
      multipartPhotoId: 'p-' + first.getSnapshot()[0]!.clientFileId,
    });
    await vi.waitFor(async () =>
      expect(await store.list(scopePrefix('g1'))).toMatchObject([
        { multipartPhotoId: first.getSnapshot()[0]!.multipartPhotoId },
      ]),
    );
    const held = [...s3.sent];
    expect(held.length).toBeGreaterThan(0);
    first.dispose();

    // A reload while the network is back: the stored file resumes the same upload.
    back = true;
    const second = makeQueue(s3, store, network);
    await second.restore();
    await second.idle();
    expect(second.getSnapshot()[0]!.state).toBe('done');
    expect(s3.api.startMultipartUpload).toHaveBeenCalledOnce();
    const resent = s3.sent.slice(held.length);
    expect(resent.filter((n) => held.includes(n))).toEqual([]);
    expect([...held, ...resent].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await store.list(scopePrefix('g1'))).toEqual([]);
  });

  it('aborts the multipart upload of a file removed while waiting, and forgets it', async () => {
    const s3 = fakeMultipart((n) => (n > 3 ? new NetworkError() : undefined));
    const store = memoryStore<StoredUpload>();
    const queue = makeQueue(s3, store);
    queue.add([file('a.tif')], 'original');
    await vi.waitFor(() => expect(queue.getSnapshot()[0]!.state).toBe('offline'));
    const { clientFileId, multipartPhotoId } = queue.getSnapshot()[0]!;
    queue.remove(clientFileId);
    await queue.removed();
    expect(queue.getSnapshot()).toEqual([]);
    expect(s3.api.abortMultipartUpload).toHaveBeenCalledWith({ galleryId: 'g1', photoId: multipartPhotoId });
    expect(s3.uploads.size).toBe(0);
    expect(await store.list(scopePrefix('g1'))).toEqual([]);
    queue.dispose();
  });

  it('stops and aborts a multipart upload removed while its parts are being sent', async () => {
    let release = () => undefined as void;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    const s3 = fakeMultipart();
    const putPart: PutPart = async (url, body, options) => {
      if (url.endsWith('/3'))
        await Promise.race([
          stalled,
          new Promise((_, reject) =>
            options.signal.addEventListener('abort', () => reject(new DOMException('stopped', 'AbortError'))),
          ),
        ]);
      return s3.putPart(url, body, options);
    };
    const queue = new UploadQueue({
      api: s3.client,
      galleryId: 'g1',
      network: switchableNetwork(true),
      stepFor: () => multipartStep(putPart),
    });
    queue.add([file('a.tif')], 'original');
    await vi.waitFor(() => expect(queue.getSnapshot()[0]!.multipartPhotoId).toBeDefined());
    queue.remove(queue.getSnapshot()[0]!.clientFileId);
    await queue.removed();
    release();
    expect(queue.getSnapshot()).toEqual([]);
    expect(s3.api.abortMultipartUpload).toHaveBeenCalledOnce();
    expect(s3.api.completeMultipartUpload).not.toHaveBeenCalled();
    expect(s3.uploads.size).toBe(0);
    queue.dispose();
  });
});
