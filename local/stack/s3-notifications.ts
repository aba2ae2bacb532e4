/**
 * The originals bucket's notifications as S3 delivers them: each ObjectCreated event goes to the
 * functions the template's notification configuration names (event type, prefix and suffix filters),
 * as an asynchronous invocation (`invokeAsync`: Lambda's queue, retries and on-failure destination in
 * local/stack/functions/async-invoke.ts), so S3 never waits for the function nor sees its errors.
 */
import type { S3Event } from 'aws-lambda';
import type { Invoke } from './functions/async-invoke';
import { notificationMatches, type BucketNotification } from './deployment/events';

/** S3 → Lambda, asynchronously, for each notification of the bucket that matches the event. */
export function bucketNotifier(notifications: BucketNotification[], invokeAsync: Invoke) {
  return async (event: S3Event): Promise<void> => {
    const record = event.Records[0];
    if (!record) return;
    const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
    const targets = notifications.filter(
      (n) =>
        n.bucket === record.s3.bucket.name &&
        n.events.some((name) => notificationMatches(name, record.eventName)) &&
        key.startsWith(n.prefix ?? '') &&
        key.endsWith(n.suffix ?? ''),
    );
    for (const target of targets) {
      // Lambda refuses to queue an event only for reasons of its own (a missing function, a stopped stack).
      const accepted = await invokeAsync(target.functionArn, event);
      if (!accepted.ok)
        console.error(`[S3 → ${target.functionArn}] ${accepted.errorType}: ${accepted.errorMessage}`);
    }
  };
}
