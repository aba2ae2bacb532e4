import { describe, expect, it, vi } from 'vitest';
import { UPLOAD_CONCURRENCY } from '#shared/constants';
import { ApiError, type ApiClient } from '../../lib/api-client';
import type { PutFile } from '../../lib/signed-put';
import { batchPercent, queueFile, runUploads } from './upload-queue';

const file = (name: string, size = 100) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

function fakeApi(refuse: (name: string) => ApiError | undefined = () => undefined) {
  const createUploads = vi.fn(
    async (_input: { galleryId: string }, body: { files: { name: string; clientFileId: string }[] }) => {
      const f = body.files[0]!;
      const refusal = refuse(f.name);
      if (refusal) throw refusal;
      return {
        uploads: [
          { clientFileId: f.clientFileId, photoId: `p-${f.name}`, url: `https://s3/${f.name}`, headers: {} },
        ],
        currentMonthUploads: 1,
        monthlyPhotoUploadLimit: 10,
      };
    },
  );
  return { api: { createUploads } as unknown as ApiClient, createUploads };
}

describe('runUploads', () => {
  it('uploads at most 4 at once, reports progress and finishes every file', async () => {
    let running = 0;
    let peak = 0;
    const put: PutFile = async (_url, _headers, body, onProgress) => {
      running++;
      peak = Math.max(peak, running);
      onProgress(body.size / 2);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
    };
    const files = Array.from({ length: 10 }, (_, i) => queueFile(file(`f${i}.jpg`)));
    const seen: number[] = [];
    const { api } = fakeApi();
    await runUploads(files, {
      api,
      galleryId: 'g1',
      quality: 'original',
      put,
      onChange: () => seen.push(batchPercent(files)),
    });
    expect(peak).toBe(UPLOAD_CONCURRENCY);
    expect(files.every((f) => f.state === 'done' && f.photoId === `p-${f.file.name}`)).toBe(true);
    expect(batchPercent(files)).toBe(100);
    expect(seen.some((p) => p > 0 && p < 100)).toBe(true);
  });

  it('retries a failed PUT with the same clientFileId, then reports the file by name', async () => {
    const attempts: Record<string, number> = {};
    const put: PutFile = async (url) => {
      const name = url.split('/').pop()!;
      attempts[name] = (attempts[name] ?? 0) + 1;
      if (name === 'bad.jpg' || attempts[name] === 1) throw new Error('Network error');
    };
    const files = [queueFile(file('flaky.jpg')), queueFile(file('bad.jpg'))];
    const { api, createUploads } = fakeApi();
    await runUploads(files, {
      api,
      galleryId: 'g1',
      quality: 'optimized',
      put,
      onChange: () => undefined,
      retryDelayMs: 0,
    });
    expect(files.map((f) => f.state)).toEqual(['done', 'failed']);
    expect(attempts).toEqual({ 'flaky.jpg': 2, 'bad.jpg': 3 });
    const ids = createUploads.mock.calls
      .filter(([, body]) => body.files[0]!.name === 'bad.jpg')
      .map(([, body]) => body.files[0]!.clientFileId);
    expect(new Set(ids).size).toBe(1);
  });

  it('does not retry what the API refuses for good (the monthly limit), and keeps its message', async () => {
    const limit = new ApiError('Monthly upload limit reached', 409, 'Conflict');
    const { api, createUploads } = fakeApi(() => limit);
    const files = [queueFile(file('late.jpg'))];
    await runUploads(files, {
      api,
      galleryId: 'g1',
      quality: 'original',
      put: vi.fn(),
      onChange: () => undefined,
      retryDelayMs: 0,
    });
    expect(files[0]).toMatchObject({ state: 'failed', error: 'Monthly upload limit reached' });
    expect(createUploads).toHaveBeenCalledTimes(1);
  });
});
