/**
 * Runs the resize again on a kept original by copying it onto itself: S3 reports the copy as
 * `ObjectCreated:Copy`, which the bucket's notification already sends to the resize function, so it is
 * processed exactly like an upload (asynchronously, with Lambda's retries and the on-failure queue) and
 * needs no permission to invoke the function. The copy keeps the type and user metadata and adds why
 * (S3 copies an object onto itself only when something changes).
 */
import { bucketsEnv } from './env';
import { objectKeys } from './storage-layout';
import { headObject, rewriteObject, type ObjectHead } from './s3';

export async function reprocessOriginal(
  key: string,
  head: ObjectHead,
  reason: 'retried-at' | 'faces-requested-at',
  now: Date,
): Promise<void> {
  await rewriteObject(bucketsEnv().ORIGINALS_BUCKET, key, {
    ...head,
    metadata: { ...head.metadata, [reason]: now.toISOString() },
  });
}

/** Processes a READY photo again so the resize looks for its faces; false when its original is gone. */
export async function reprocessForFaces(galleryId: string, photoId: string, now: Date): Promise<boolean> {
  const key = objectKeys.original(galleryId, photoId);
  const head = await headObject(bucketsEnv().ORIGINALS_BUCKET, key);
  if (!head) return false;
  await reprocessOriginal(key, head, 'faces-requested-at', now);
  return true;
}
