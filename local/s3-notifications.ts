/**
 * The originals bucket's notifications as S3 delivers them: each ObjectCreated event goes to the
 * functions the template's notification configuration names (event type, prefix and suffix filters),
 * asynchronously, as an S3 → Lambda invocation is.
 */
import type { S3Event } from 'aws-lambda';
import type { InvokeFunction } from './auth-triggers';
import { notificationMatches, type BucketNotification } from './deployment/events';

export /** S3 → Lambda, asynchronously, for each notification of the bucket that matches the event. */
function bucketNotifier(notifications: BucketNotification[], invoke: InvokeFunction) {
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
      const outcome = await invoke(target.functionArn, event);
      if (!outcome.ok)
        console.error(`[S3 → ${target.functionArn}] ${outcome.errorType}: ${outcome.errorMessage}`);
    }
  };
}
