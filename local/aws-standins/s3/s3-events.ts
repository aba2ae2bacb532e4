/**
 * Turns s3rver's notification events into what AWS would deliver to a Lambda: the stand-in's
 * region, a proper bucket ARN, and the object key URL-encoded with spaces as `+` (handlers
 * decode with `decodeURIComponent(key.replace(/\+/g, ' '))`, as AWS documents).
 */
import type { S3Event, S3EventRecord } from 'aws-lambda';

/** Encodes an object key the way S3 notifications do: `/` kept, space as `+`. */
export function encodeEventKey(key: string): string {
  return key
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/%20/g, '+'))
    .join('/');
}

function toAwsShapedRecord(record: S3EventRecord, region: string): S3EventRecord {
  return {
    ...record,
    awsRegion: region,
    s3: {
      ...record.s3,
      bucket: { ...record.s3.bucket, arn: `arn:aws:s3:::${record.s3.bucket.name}` },
      object: { ...record.s3.object, key: encodeEventKey(record.s3.object.key) },
    },
  };
}

/**
 * The `ObjectCreated:*` records of `event` for the given buckets (all buckets when `buckets` is
 * undefined), AWS-shaped; undefined when none is left, as AWS sends no empty notification.
 */
export function objectCreatedEvent(
  event: S3Event,
  region: string,
  buckets?: readonly string[],
): S3Event | undefined {
  const records = event.Records.filter(
    (record) =>
      record.eventName.startsWith('ObjectCreated:') &&
      (buckets === undefined || buckets.includes(record.s3.bucket.name)),
  ).map((record) => toAwsShapedRecord(record, region));
  return records.length > 0 ? { Records: records } : undefined;
}

/**
 * s3rver reports an object assembled by CompleteMultipartUpload as `ObjectCreated:Post`; AWS names it
 * `ObjectCreated:CompleteMultipartUpload`. `isCompleting` says which objects are being assembled.
 */
export function withCompletionNames(
  event: S3Event,
  isCompleting: (bucket: string, key: string) => boolean,
): S3Event {
  return {
    Records: event.Records.map((record) =>
      record.eventName === 'ObjectCreated:Post' && isCompleting(record.s3.bucket.name, record.s3.object.key)
        ? { ...record, eventName: 'ObjectCreated:CompleteMultipartUpload' }
        : record,
    ),
  };
}
