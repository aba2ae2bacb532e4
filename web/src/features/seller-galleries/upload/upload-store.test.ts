import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { memoryStore, scopedKey, scopePrefix } from '../../../lib/device-store';
import { UploadStore, queueFile, type StoredUpload } from './upload-store';
import { file, keptFiles, makeQueue, scriptedStep, states } from './upload-test-kit';

describe('UploadStore: what the device keeps', () => {
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

describe('UploadStore: the list', () => {
  it('lists the kept files it does not know of, oldest first, and never one it has forgotten', async () => {
    const device = memoryStore<StoredUpload>();
    await keptFiles(device, 'a.jpg', 'b.jpg');
    const files = new UploadStore('g1', device);
    const own = queueFile(file('own.jpg'));
    files.append([own]);
    files.keep(own);
    expect((await files.unknownKept()).map((s) => s.clientFileId)).toEqual(['kept-a.jpg', 'kept-b.jpg']);

    // A read made before the forgotten file left the device must not put it back.
    const [a] = await device.list(scopePrefix('g1'));
    await files.forget({ ...queueFile(file('a.jpg')), clientFileId: 'kept-a.jpg' });
    await device.put(scopedKey('g1', 'kept-a.jpg'), a!);
    expect((await files.unknownKept()).map((s) => s.clientFileId)).toEqual(['kept-b.jpg']);
  });

  it("clears the last batch's done files when a new batch comes, not while files are pending", () => {
    const files = new UploadStore('g1', memoryStore());
    const a = queueFile(file('a.jpg'));
    files.append([a]);
    files.update(a, { state: 'done' });
    const before = files.getSnapshot();
    files.append([queueFile(file('b.jpg'))]);
    files.append([queueFile(file('c.jpg'))]);
    expect(files.getSnapshot().map((f) => f.file.name)).toEqual(['b.jpg', 'c.jpg']);
    expect(files.getSnapshot()).not.toBe(before);
  });
});
