/** What the upload queue's tests share: files, an API that issues uploads, scripted steps, a queue. */
import { vi } from 'vitest';
import type { ApiError, ApiClient } from '../../../lib/api-client';
import { memoryStore, scopedKey } from '../../../lib/device-store';
import type { TabLock } from '../../../lib/tab-lock';
import { switchableNetwork } from '../../../testing/switchable-network';
import { UploadQueue } from './upload-queue';
import type { UploadStep } from './upload-step';
import type { StoredUpload } from './upload-store';

export const file = (name: string, size = 100) =>
  new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

export function fakeApi(refuse: (name: string) => ApiError | undefined = () => undefined) {
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

/** A step the test answers file by file. */
export function scriptedStep(answer: (name: string, call: number) => Promise<void> | void = () => undefined) {
  const calls: { name: string; clientFileId: string }[] = [];
  const step: UploadStep = async ({ file, clientFileId, onIssued, onProgress }) => {
    calls.push({ name: file.name, clientFileId });
    onIssued({ photoId: `p-${file.name}`, used: calls.length, limit: 10 });
    await answer(file.name, calls.filter((c) => c.name === file.name).length);
    onProgress(file.size);
  };
  return { step, calls };
}

export function makeQueue(
  step: UploadStep,
  store = memoryStore<StoredUpload>(),
  online = true,
  lock?: TabLock,
) {
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

export const states = (queue: UploadQueue) => queue.getSnapshot().map((f) => f.state);

/** Files kept on the device for g1 by another tab (or before a reload), as the queue stores them. */
export async function keptFiles(store: ReturnType<typeof memoryStore<StoredUpload>>, ...names: string[]) {
  for (const [i, name] of names.entries())
    await store.put(scopedKey('g1', `kept-${name}`), {
      clientFileId: `kept-${name}`,
      galleryId: 'g1',
      quality: 'original',
      file: file(name),
      addedAt: i,
    });
}
