/**
 * Unit test of the photo walk with the events and photos repositories replaced: a step claims itself,
 * reads one page, sends its batches and then the next step, and marks itself done; a second delivery
 * of a done step does nothing; one of a step in progress is retried later; a failed step releases its
 * claim and throws. (Through the local stack: test/integration/face-jobs.test.ts.)
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { batchesOf, takeWalkStep, WalkStepBusyError, walkStepMarker } from './photo-walk';
import { claimEvent, markEventDone, releaseEvent } from '../../lib/once-markers';
import { readyPhotoIdsAfter } from './photo-store';

vi.mock('../../lib/once-markers', () => ({
  claimEvent: vi.fn(),
  markEventDone: vi.fn(),
  releaseEvent: vi.fn(),
}));
vi.mock('./photo-store', () => ({ readyPhotoIdsAfter: vi.fn() }));

const step = { walkId: 'faces:2026-06-02T10:00:00.000Z', galleryId: 'gallery-1', after: 'p03' };
const sizes = { pageSize: 5, batchSize: 2 };
const senders = () => ({ sendBatch: vi.fn(async () => {}), sendNext: vi.fn(async () => {}) });

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(claimEvent).mockResolvedValue('claimed');
  vi.mocked(releaseEvent).mockResolvedValue();
});

describe('batchesOf', () => {
  it('cuts ids into batches of the size, in order, the last one shorter', () => {
    expect(batchesOf(['a', 'b', 'c', 'd', 'e'], 2)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(batchesOf([], 2)).toEqual([]);
  });

  it('refuses a batch size that holds no id', () => {
    expect(() => batchesOf(['a'], 0)).toThrow(RangeError);
  });
});

describe('takeWalkStep', () => {
  it('sends the page in batches, then the next step, and marks the step done', async () => {
    vi.mocked(readyPhotoIdsAfter).mockResolvedValue({
      photoIds: ['p04', 'p05', 'p06', 'p07', 'p08'],
      next: 'p09',
    });
    const send = senders();
    expect(await takeWalkStep(step, sizes, send)).toEqual({
      outcome: 'walked',
      photos: 5,
      batches: 3,
      next: 'p09',
    });
    expect(readyPhotoIdsAfter).toHaveBeenCalledWith('gallery-1', 'p03', 5);
    expect(send.sendBatch.mock.calls).toEqual([[['p04', 'p05']], [['p06', 'p07']], [['p08']]]);
    expect(send.sendNext).toHaveBeenCalledExactlyOnceWith('p09');
    const lastBatch = Math.max(...send.sendBatch.mock.invocationCallOrder);
    expect(lastBatch).toBeLessThan(send.sendNext.mock.invocationCallOrder[0]!);
    const marker = walkStepMarker(step);
    expect(claimEvent).toHaveBeenCalledWith(marker, expect.any(String));
    expect(markEventDone).toHaveBeenCalledWith(marker, vi.mocked(claimEvent).mock.calls[0]![1]);
  });

  it('sends no next step on the last page', async () => {
    vi.mocked(readyPhotoIdsAfter).mockResolvedValue({ photoIds: ['p04'] });
    const send = senders();
    expect(await takeWalkStep(step, sizes, send)).toEqual({ outcome: 'walked', photos: 1, batches: 1 });
    expect(send.sendNext).not.toHaveBeenCalled();
  });

  it('does nothing for a second delivery of a step already taken', async () => {
    vi.mocked(claimEvent).mockResolvedValue('done');
    const send = senders();
    expect(await takeWalkStep(step, sizes, send)).toEqual({ outcome: 'taken-already' });
    expect(readyPhotoIdsAfter).not.toHaveBeenCalled();
    expect(send.sendBatch).not.toHaveBeenCalled();
  });

  it('has a delivery of a step being taken right now retried later, so the message is kept', async () => {
    vi.mocked(claimEvent).mockResolvedValue('in-progress');
    await expect(takeWalkStep(step, sizes, senders())).rejects.toThrow(WalkStepBusyError);
    expect(readyPhotoIdsAfter).not.toHaveBeenCalled();
  });

  it('releases its claim and throws when a send fails, so the step is taken again', async () => {
    vi.mocked(readyPhotoIdsAfter).mockResolvedValue({ photoIds: ['p04', 'p05', 'p06'], next: 'p06' });
    const send = senders();
    send.sendBatch.mockRejectedValueOnce(new Error('SQS is down'));
    await expect(takeWalkStep(step, sizes, send)).rejects.toThrow('SQS is down');
    expect(send.sendNext).not.toHaveBeenCalled();
    expect(markEventDone).not.toHaveBeenCalled();
    expect(releaseEvent).toHaveBeenCalledWith(walkStepMarker(step), vi.mocked(claimEvent).mock.calls[0]![1]);
  });

  it('names each step by its walk, gallery and cursor', () => {
    expect(walkStepMarker(step)).not.toBe(walkStepMarker({ ...step, after: 'p06' }));
    expect(walkStepMarker(step)).not.toBe(walkStepMarker({ ...step, walkId: 'faces:later' }));
    expect(walkStepMarker({ walkId: 'w', galleryId: 'g' })).not.toBe(
      walkStepMarker({ walkId: 'w', galleryId: 'h' }),
    );
  });
});
