import { describe, expect, it, vi } from 'vitest';
import { UPLOAD_ATTEMPTS, UPLOAD_CONCURRENCY } from '#shared/rules/constants';
import { teamErrors } from '#shared/texts/team-errors';
import { ApiError } from '../../../lib/api-client';
import { NetworkError, type PutFile } from '../../../lib/signed-put';
import { switchableNetwork } from '../../../testing/switchable-network';
import { runUploads, UploadQueue } from './upload-queue';
import { retryDelay } from './upload-scheduler';
import { batchPercent, queueFile } from './upload-store';
import { fakeApi, file, makeQueue, scriptedStep, states } from './upload-test-kit';

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

  it('waits longer before each retry: 1, 2, 4 and 8 s, about a quarter of a minute in all', () => {
    const waits = Array.from({ length: UPLOAD_ATTEMPTS - 1 }, (_, i) => retryDelay(i + 1));
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
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
    expect(attempts).toEqual({ 'flaky.jpg': 2, 'bad.jpg': UPLOAD_ATTEMPTS });
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

  it("fails a removed member's queued files at once, each with the API's reason", async () => {
    const removed = new ApiError(teamErrors.memberRemoved, 401, 'Unauthorized');
    const { api, createUploads } = fakeApi(() => removed);
    const files = [queueFile(file('a.jpg')), queueFile(file('b.jpg'))];
    await runUploads(files, {
      api,
      galleryId: 'g1',
      quality: 'original',
      put: vi.fn(),
      onChange: () => undefined,
      retryDelayMs: 0,
    });
    expect(files).toMatchObject([
      { state: 'failed', error: teamErrors.memberRemoved },
      { state: 'failed', error: teamErrors.memberRemoved },
    ]);
    expect(createUploads).toHaveBeenCalledTimes(2);
  });
});

describe('UploadScheduler: the network', () => {
  it('waits offline and starts by itself when the network is back', async () => {
    const { step, calls } = scriptedStep();
    const { queue, network } = makeQueue(step, undefined, false);
    queue.add([file('a.jpg'), file('b.jpg')], 'original');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    expect(states(queue)).toEqual(['offline', 'offline']);
    network.set(true);
    await queue.idle();
    expect(states(queue)).toEqual(['done', 'done']);
  });

  it('puts a file whose upload lost the network back to wait, without using an attempt, and tries again by itself', async () => {
    const { step, calls } = scriptedStep((_name, call) => {
      if (call <= UPLOAD_ATTEMPTS) throw new NetworkError();
    });
    const { queue } = makeQueue(step);
    const seen = new Set<string>();
    queue.subscribe(() => states(queue).forEach((s) => seen.add(s)));
    queue.add([file('a.jpg')], 'original');
    // The network was lost UPLOAD_ATTEMPTS times while the device said online: still not failed.
    await queue.idle();
    expect(states(queue)).toEqual(['done']);
    expect(seen).toContain('offline');
    expect(seen).not.toContain('failed');
    expect(calls.length).toBe(UPLOAD_ATTEMPTS + 1);
    expect(queue.getSnapshot()[0]!.attempt).toBe(1);
  });

  it('resumes a file that lost the network as soon as the device is back online', async () => {
    const { step, calls } = scriptedStep((_name, call) => {
      if (call === 1) throw new NetworkError();
    });
    const network = switchableNetwork(true);
    const queue = new UploadQueue({
      api: fakeApi().api,
      galleryId: 'g1',
      network,
      stepFor: () => step,
      networkRetryMs: 60_000,
    });
    queue.add([file('a.jpg')], 'original');
    network.set(false);
    await vi.waitFor(() => expect(states(queue)).toEqual(['offline']));
    network.set(true);
    await queue.idle();
    expect(states(queue)).toEqual(['done']);
    expect(calls.length).toBe(2);
    queue.dispose();
  });
});
