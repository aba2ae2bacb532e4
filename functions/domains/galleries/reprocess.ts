/**
 * Runs the resize again on a kept original by copying it onto itself: S3 reports the copy as
 * `ObjectCreated:Copy`, which the bucket's notification already sends to the resize function, so it is
 * processed exactly like an upload (asynchronously, with Lambda's retries and the on-failure queue) and
 * needs no permission to invoke the function. The copy keeps the type and user metadata and adds why
 * (S3 copies an object onto itself only when something changes).
 *
 * Only a seller's retry of a FAILED photo does this (functions/uploads): one request, one copy, one
 * resize. Nothing the resize does copies an original, so no S3 → Lambda → S3 chain can form.
 */
import { bucketsEnv } from '../../lib/env';
import { rewriteObject, type ObjectHead } from '../../lib/s3';

/** Copies the original onto itself with `marks` added to its metadata. */
export async function reprocessOriginal(
  key: string,
  head: ObjectHead,
  marks: Record<string, string>,
): Promise<void> {
  await rewriteObject(bucketsEnv().ORIGINALS_BUCKET, key, {
    ...head,
    metadata: { ...head.metadata, ...marks },
  });
}
