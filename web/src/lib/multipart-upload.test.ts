import { describe, expect, it, vi } from 'vitest';
import { UPLOAD_ATTEMPTS } from '#shared/rules/constants';
import {
  abandonUpload,
  uploadInParts,
  type CompletedPart,
  type MultipartApi,
  type UploadedPartInfo,
} from './multipart-upload';

const PART = 10;

/** An API and a bucket in memory: parts are held by number, as S3 holds them. */
function fakeApi(
  size: number,
  options: { failPart?: (partNumber: number, attempt: number) => boolean } = {},
) {
  const held = new Map<number, UploadedPartInfo>();
  const sent: number[] = [];
  const attempts = new Map<number, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  const completed: CompletedPart[][] = [];
  const plan = {
    photoId: 'photo-00001',
    uploadId: 'up-1',
    size,
    partSize: PART,
    partCount: Math.ceil(size / PART),
  };
  const api: MultipartApi & { signed: number[][] } = {
    signed: [],
    start: vi.fn(async () => ({
      ...plan,
      clientFileId: 'f1',
      currentMonthUploads: 1,
      monthlyPhotoUploadLimit: 10,
    })),
    progress: vi.fn(async () => ({ ...plan, parts: [...held.values()] })),
    signParts: vi.fn(async (_photoId: string, numbers: number[]) => {
      api.signed.push(numbers);
      return numbers.map((partNumber) => ({ partNumber, url: `https://s3/part/${partNumber}`, size: PART }));
    }),
    complete: vi.fn(async (_photoId: string, parts: CompletedPart[]) => {
      completed.push(parts);
    }),
    abort: vi.fn(async () => undefined),
    putPart: async (url, body, { signal, onProgress }) => {
      const partNumber = Number(url.split('/').at(-1));
      const attempt = (attempts.get(partNumber) ?? 0) + 1;
      attempts.set(partNumber, attempt);
      sent.push(partNumber);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 2));
        if (signal.aborted) throw new DOMException('stopped', 'AbortError');
        if (options.failPart?.(partNumber, attempt)) throw new Error('Network error');
        onProgress(body.size);
        const etag = `"etag-${partNumber}"`;
        held.set(partNumber, { partNumber, etag, size: body.size });
        return etag;
      } finally {
        inFlight--;
      }
    },
  };
  return { api, held, sent, completed, maxInFlight: () => maxInFlight };
}

const file = (size: number) => new Blob([new Uint8Array(size)]);

describe('uploadInParts', () => {
  it('sends every part a few at a time, reports each ETag and the progress, then completes in order', async () => {
    const fake = fakeApi(95);
    const parts: UploadedPartInfo[] = [];
    const progress: number[] = [];
    const result = await uploadInParts(file(95), fake.api, {
      concurrency: 3,
      onPart: (part) => parts.push(part),
      onProgress: (loaded, total) => {
        expect(total).toBe(95);
        progress.push(loaded);
      },
    });
    expect(result).toEqual({ photoId: 'photo-00001' });
    expect(fake.sent.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(fake.maxInFlight()).toBe(3);
    expect(parts.map((p) => p.partNumber).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(parts.find((p) => p.partNumber === 10)!.size).toBe(5);
    expect(progress.at(-1)).toBe(95);
    expect(fake.completed).toEqual([
      Array.from({ length: 10 }, (_, i) => ({ partNumber: i + 1, etag: `"etag-${i + 1}"` })),
    ]);
    // URLs are signed a few parts per request, not one request per part.
    expect(fake.api.signed.length).toBeLessThan(10);
  });

  it('resumes from the parts S3 holds: only the others are sent', async () => {
    const fake = fakeApi(50);
    for (const n of [1, 2, 3]) fake.held.set(n, { partNumber: n, etag: `"etag-${n}"`, size: PART });
    const reported: number[] = [];
    await uploadInParts(file(50), fake.api, {
      photoId: 'photo-00001',
      onPart: (part) => reported.push(part.partNumber),
    });
    expect(fake.api.start).not.toHaveBeenCalled();
    expect(fake.sent.sort()).toEqual([4, 5]);
    expect(reported.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(fake.completed[0]!.map((p) => p.partNumber)).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops when told (parts sent stay), and a later run sends no part twice', async () => {
    const fake = fakeApi(100);
    const stop = new AbortController();
    let photoId = '';
    const first = uploadInParts(file(100), fake.api, {
      concurrency: 2,
      onPlan: (plan) => (photoId = plan.photoId),
      onPart: () => {
        if (fake.held.size === 4) stop.abort();
      },
      signal: stop.signal,
    });
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(fake.completed).toHaveLength(0);
    const heldBefore = [...fake.held.keys()];
    expect(heldBefore.length).toBeGreaterThanOrEqual(4);
    const sentBefore = fake.sent.length;
    await uploadInParts(file(100), fake.api, { photoId });
    const resent = fake.sent.slice(sentBefore).filter((n) => heldBefore.includes(n));
    expect(resent).toEqual([]);
    expect(fake.completed[0]).toHaveLength(10);
  });

  it('retries a failed part with a fresh URL, and gives up after the attempts', async () => {
    const flaky = fakeApi(30, { failPart: (n, attempt) => n === 2 && attempt === 1 });
    await uploadInParts(file(30), flaky.api);
    expect(flaky.sent.filter((n) => n === 2)).toHaveLength(2);
    expect(flaky.completed).toHaveLength(1);

    const broken = fakeApi(30, { failPart: (n) => n === 2 });
    await expect(uploadInParts(file(30), broken.api)).rejects.toThrow('Network error');
    expect(broken.sent.filter((n) => n === 2)).toHaveLength(UPLOAD_ATTEMPTS);
    expect(broken.completed).toHaveLength(0);
  });

  it('refuses to resume with another file than the one started', async () => {
    const fake = fakeApi(50);
    await expect(uploadInParts(file(49), fake.api, { photoId: 'photo-00001' })).rejects.toThrow(
      'not the one the upload was started for',
    );
    expect(fake.sent).toEqual([]);
  });
});

describe('abandonUpload', () => {
  it('aborts through the API', async () => {
    const fake = fakeApi(30);
    await abandonUpload(fake.api, 'photo-00001');
    expect(fake.api.abort).toHaveBeenCalledWith('photo-00001');
  });
});
