import { describe, expect, it, vi } from 'vitest';
import { UPLOAD_ATTEMPTS, UPLOAD_CONCURRENCY } from '#shared/constants';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { memoryStore, scopedKey, scopePrefix } from '../../../lib/device-store';
import { NetworkError, type PutFile } from '../../../lib/signed-put';
import { switchableNetwork } from '../../../testing/switchable-network';
import { heldElsewhere } from '../../../testing/handover-lock';
import type { TabLock } from '../../../lib/tab-lock';
import {
  batchPercent,
  queueFile,
  retryDelay,
  runUploads,
  UploadQueue,
  type StoredUpload,
} from './upload-queue';
import type { UploadStep } from './upload-step';

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
});

/** A step the test answers file by file. */
function scriptedStep(answer: (name: string, call: number) => Promise<void> | void = () => undefined) {
  const calls: { name: string; clientFileId: string }[] = [];
  const step: UploadStep = async ({ file, clientFileId, onIssued, onProgress }) => {
    calls.push({ name: file.name, clientFileId });
    onIssued({ photoId: `p-${file.name}`, used: calls.length, limit: 10 });
    await answer(file.name, calls.filter((c) => c.name === file.name).length);
    onProgress(file.size);
  };
  return { step, calls };
}

function makeQueue(step: UploadStep, store = memoryStore<StoredUpload>(), online = true, lock?: TabLock) {
  const network = switchableNetwork(online);
  const queue = new UploadQueue({
    api: fakeApi().api,
    galleryId: 'g1',
    store,
    network,
    stepFor: () => step,
    retryDelayMs: 0,
    networkRetryMs: 5,
    keptCheckMs: 5,
    ...(lock && { lock }),
  });
  return { queue, network, store };
}

const states = (queue: UploadQueue) => queue.getSnapshot().map((f) => f.state);

describe('UploadQueue', () => {
  it('keeps queued files on the device and resumes them in a new queue (a reload), with the same clientFileIds', async () => {
    const store = memoryStore<StoredUpload>();
    const first = makeQueue(scriptedStep().step, store, false);
    const added = first.queue.add([file('a.jpg'), file('b.jpg')], 'optimized');
    expect(states(first.queue)).toEqual(['offline', 'offline']);
    await vi.waitFor(async () => expect(await store.list(scopePrefix('g1'))).toHaveLength(2));
    first.queue.dispose();

    const { step, calls } = scriptedStep();
    const second = makeQueue(step, store);
    await second.queue.restore();
    await second.queue.idle();
    expect(states(second.queue)).toEqual(['done', 'done']);
    expect(calls.map((c) => c.clientFileId)).toEqual(added.map((f) => f.clientFileId));
    expect(second.queue.getSnapshot().map((f) => f.quality)).toEqual(['optimized', 'optimized']);
    expect(await store.list(scopePrefix('g1'))).toEqual([]);
  });

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

  it('reports a file failed after its attempts, keeps it so, and uploads it on Retry', async () => {
    let broken = true;
    const { step } = scriptedStep(() => {
      if (broken) throw new ApiError('Service unavailable', 503, 'Service Unavailable');
    });
    const store = memoryStore<StoredUpload>();
    const { queue } = makeQueue(step, store);
    queue.add([file('a.jpg')], 'original');
    await queue.idle();
    expect(queue.getSnapshot()[0]).toMatchObject({ state: 'failed', error: 'Service unavailable' });
    await vi.waitFor(async () =>
      expect(await store.list(scopePrefix('g1'))).toMatchObject([{ failure: 'Service unavailable' }]),
    );

    // After a reload it shows failed, and is not tried again until asked.
    const reloaded = makeQueue(step, store);
    await reloaded.queue.restore();
    expect(states(reloaded.queue)).toEqual(['failed']);

    broken = false;
    reloaded.queue.retry([reloaded.queue.getSnapshot()[0]!.clientFileId]);
    await reloaded.queue.idle();
    expect(states(reloaded.queue)).toEqual(['done']);
    expect(await store.list(scopePrefix('g1'))).toEqual([]);
  });

  it('removes a failed file from the queue and the device', async () => {
    const { step } = scriptedStep(() => {
      throw new ApiError('Monthly upload limit reached', 409, 'Conflict');
    });
    const store = memoryStore<StoredUpload>();
    const { queue } = makeQueue(step, store);
    queue.add([file('a.jpg')], 'original');
    await queue.idle();
    queue.remove(queue.getSnapshot()[0]!.clientFileId);
    expect(queue.getSnapshot()).toEqual([]);
    await vi.waitFor(async () => expect(await store.list(scopePrefix('g1'))).toEqual([]));
  });
});

/** Files kept on the device for g1 by another tab (or before a reload), as the queue stores them. */
async function keptFiles(store: ReturnType<typeof memoryStore<StoredUpload>>, ...names: string[]) {
  for (const [i, name] of names.entries())
    await store.put(scopedKey('g1', `kept-${name}`), {
      clientFileId: `kept-${name}`,
      galleryId: 'g1',
      quality: 'original',
      file: file(name),
      addedAt: i,
    });
}

describe('UploadQueue in two tabs (the gallery tab lock)', () => {
  it('sends only the files added to it while another tab holds the lock, and the kept ones once it has the lock', async () => {
    const store = memoryStore<StoredUpload>();
    await keptFiles(store, 'a.jpg', 'b.jpg');
    const lock = heldElsewhere();
    const { step, calls } = scriptedStep();
    const { queue } = makeQueue(step, store, true, lock);
    const restored = queue.restore();

    queue.add([file('own.jpg')], 'original');
    await queue.idle();
    expect(calls.map((c) => c.name)).toEqual(['own.jpg']);
    expect(states(queue)).toEqual(['done']);
    // The page says another tab sends the two kept files (its own file is not counted, nor is it kept).
    await vi.waitFor(() => expect(queue.keptInAnotherTab()).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.map((c) => c.name)).toEqual(['own.jpg']);

    // The other tab is closed: this one puts the kept files back and sends them without being asked.
    lock.handOver();
    await restored;
    await queue.idle();
    expect(calls.map((c) => c.clientFileId).slice(1)).toEqual(['kept-a.jpg', 'kept-b.jpg']);
    expect(queue.keptInAnotherTab()).toBe(0);
    expect(await store.list(scopePrefix('g1'))).toEqual([]);
    expect(lock.requests()).toBe(1);
    queue.dispose();
  });

  it('counts only the files the other tab still has to send', async () => {
    const store = memoryStore<StoredUpload>();
    await keptFiles(store, 'a.jpg', 'b.jpg');
    const { queue } = makeQueue(scriptedStep().step, store, true, heldElsewhere());
    void queue.restore();
    await vi.waitFor(() => expect(queue.keptInAnotherTab()).toBe(2));
    // The other tab uploads one (it leaves the device) and the other fails for good (shown failed there).
    await store.delete(scopedKey('g1', 'kept-a.jpg'));
    const [b] = await store.list(scopePrefix('g1'));
    await store.put(scopedKey('g1', 'kept-b.jpg'), { ...b!, failure: 'Monthly upload limit reached' });
    await vi.waitFor(() => expect(queue.keptInAnotherTab()).toBe(0));
    queue.dispose();
  });

  it('gives the lock up when disposed, and the waiting queue takes over the files the first one kept', async () => {
    const store = memoryStore<StoredUpload>();
    const lock = heldElsewhere();
    lock.handOver();
    // The first tab holds the lock and keeps two files it cannot send (offline there).
    const first = makeQueue(scriptedStep().step, store, false, lock);
    await first.queue.restore();
    const added = first.queue.add([file('a.jpg'), file('b.jpg')], 'original');
    await vi.waitFor(async () => expect(await store.list(scopePrefix('g1'))).toHaveLength(2));

    const { step, calls } = scriptedStep();
    const second = makeQueue(step, store, true, lock);
    const restored = second.queue.restore();
    await vi.waitFor(() => expect(second.queue.keptInAnotherTab()).toBe(2));
    expect(calls).toEqual([]);

    first.queue.dispose();
    await restored;
    await second.queue.idle();
    expect(calls.map((c) => c.clientFileId)).toEqual(added.map((f) => f.clientFileId));
    expect(states(second.queue)).toEqual(['done', 'done']);
    second.queue.dispose();
  });

  it('a queue disposed while it waits for the lock never puts the kept files back', async () => {
    const store = memoryStore<StoredUpload>();
    await keptFiles(store, 'a.jpg');
    const lock = heldElsewhere();
    const { step, calls } = scriptedStep();
    const { queue } = makeQueue(step, store, true, lock);
    const restored = queue.restore();
    queue.dispose();
    await restored;
    lock.handOver();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    expect(queue.getSnapshot()).toEqual([]);
  });
});
