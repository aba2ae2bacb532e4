import { describe, expect, it, vi } from 'vitest';
import { memoryStore, scopedKey, scopePrefix } from '../../../lib/device-store';
import { heldElsewhere } from '../../../testing/handover-lock';
import type { StoredUpload } from './upload-store';
import { file, keptFiles, makeQueue, scriptedStep, states } from './upload-test-kit';

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
