/**
 * Background work over every READY photo of a gallery (looking for faces when the face search is
 * switched on; any job that must reach the photos already there), without any request or invocation
 * reading the whole gallery: the walk goes one page per step, each step a queue message of its own.
 * A step reads a page of READY photo ids after its cursor, hands them on in batches (`sendBatch`: the
 * job's own messages), then sends the step after it (`sendNext`) when the gallery has more.
 *
 * Queues deliver at least once: a step delivered twice would fork the walk into two walks doing the
 * same work. So each step is claimed (the events table's once-only markers, keyed by the walk's id and
 * the cursor, with a lease): a delivery that finds the step done stops there. One that finds it being
 * taken right now throws, so its message comes back later rather than being deleted (deleting any
 * delivery of a message deletes the message, and the step's other run may yet fail). A step that fails
 * releases its claim and throws, so its message is delivered again and the step taken again (batches
 * it sent twice are the job's to skip).
 */
import { randomUUID } from 'node:crypto';
import { logger } from '../../lib/logger';
import { claimEvent, markEventDone, releaseEvent } from '../../lib/once-markers';
import { readyPhotoIdsAfter } from './photo-store';

export interface PhotoWalkStep {
  /**
   * Names one walk of one gallery (e.g. the job and when it was asked for): a step is taken once per
   * walk id and cursor, and a new walk (a new id) starts afresh.
   */
  walkId: string;
  galleryId: string;
  /** The last photo id the previous step read; none for the first step. */
  after?: string;
}

export interface PhotoWalkSenders {
  /** Hands on one batch of READY photo ids (at most the walk's batch size). */
  sendBatch(photoIds: string[]): Promise<void>;
  /** Sends the next step, reading after `after`. */
  sendNext(after: string): Promise<void>;
}

export interface PhotoWalkSizes {
  /** READY photo ids a step reads. */
  pageSize: number;
  /** Photo ids a batch holds. */
  batchSize: number;
}

export type PhotoWalkOutcome =
  | { outcome: 'walked'; photos: number; batches: number; next?: string }
  /** This step was taken already: a second delivery of its message. */
  | { outcome: 'taken-already' };

/** The step is being taken by another delivery of its message right now: this one is retried later. */
export class WalkStepBusyError extends Error {
  override readonly name = 'WalkStepBusyError';
}

/** Batches sent at once: a page's sends overlap, a few at a time. */
const SENDS_AT_ONCE = 10;

/** `ids` in batches of at most `size`, in their order. */
export function batchesOf<T>(ids: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`A batch holds at least one id, not ${size}`);
  const batches: T[][] = [];
  for (let at = 0; at < ids.length; at += size) batches.push(ids.slice(at, at + size));
  return batches;
}

/** The once-only marker of a step: its walk and its cursor. */
export const walkStepMarker = (step: PhotoWalkStep): string =>
  `photo-walk:${step.walkId}:${step.galleryId}:${step.after ?? ''}`;

async function sendAll(batches: string[][], send: (photoIds: string[]) => Promise<void>): Promise<void> {
  for (const group of batchesOf(batches, SENDS_AT_ONCE)) await Promise.all(group.map(send));
}

/** Takes one step of the walk: a page of READY photo ids sent on in batches, then the next step. */
export async function takeWalkStep(
  step: PhotoWalkStep,
  sizes: PhotoWalkSizes,
  senders: PhotoWalkSenders,
): Promise<PhotoWalkOutcome> {
  const marker = walkStepMarker(step);
  const claimId = randomUUID();
  const claim = await claimEvent(marker, claimId);
  if (claim === 'done') return { outcome: 'taken-already' };
  if (claim === 'in-progress') throw new WalkStepBusyError(`${marker} is being taken`);
  try {
    const page = await readyPhotoIdsAfter(step.galleryId, step.after, sizes.pageSize);
    const batches = batchesOf(page.photoIds, sizes.batchSize);
    await sendAll(batches, (photoIds) => senders.sendBatch(photoIds));
    // Last, so a failure before it has the whole step taken again rather than a step skipped.
    if (page.next !== undefined) await senders.sendNext(page.next);
    await markEventDone(marker, claimId);
    return {
      outcome: 'walked',
      photos: page.photoIds.length,
      batches: batches.length,
      ...(page.next !== undefined && { next: page.next }),
    };
  } catch (error) {
    // Without the release the claim lapses after its lease, and the retry waits for that.
    await releaseEvent(marker, claimId).catch((releaseError: unknown) =>
      logger.warn('could not release a walk step', { marker, error: releaseError }),
    );
    throw error;
  }
}
