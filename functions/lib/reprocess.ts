/**
 * Runs the resize again on a kept original by copying it onto itself: S3 reports the copy as
 * `ObjectCreated:Copy`, which the bucket's notification already sends to the resize function, so it is
 * processed exactly like an upload (asynchronously, with Lambda's retries and the on-failure queue) and
 * needs no permission to invoke the function. The copy keeps the type and user metadata and adds why
 * (S3 copies an object onto itself only when something changes).
 */
import { bucketsEnv } from './env';
import { rewriteObject, type ObjectHead } from './s3';

/**
 * User metadata the face search's lanes put on the originals they send through the resize
 * (functions/lib/face-lanes.ts): when the search was switched on, and the last photo id of the lane.
 */
export const LANE_METADATA = { requestedAt: 'faces-requested-at', through: 'faces-through' } as const;

/**
 * Copies the original onto itself with `marks` added to its metadata. A lane's end is never carried
 * over from an earlier copy: only the copy a lane makes (which marks it again) continues that lane.
 */
export async function reprocessOriginal(
  key: string,
  head: ObjectHead,
  marks: Record<string, string>,
): Promise<void> {
  const kept = Object.entries(head.metadata ?? {}).filter(([name]) => name !== LANE_METADATA.through);
  await rewriteObject(bucketsEnv().ORIGINALS_BUCKET, key, {
    ...head,
    metadata: { ...Object.fromEntries(kept), ...marks },
  });
}
