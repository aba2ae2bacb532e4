import type { S3Event, S3EventRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { encodeEventKey, objectCreatedEvent, withCompletionNames } from './s3-events';

const record = (eventName: string, bucket: string, key: string): S3EventRecord =>
  ({
    eventVersion: '2.0',
    eventSource: 'aws:s3',
    awsRegion: 'us-east-1',
    eventTime: '2026-03-01T12:00:00.000Z',
    eventName,
    s3: {
      s3SchemaVersion: '1.0',
      configurationId: 'testConfigId',
      bucket: { name: bucket, ownerIdentity: { principalId: 'X' }, arn: `arn:aws:s3: : :${bucket}` },
      object: { key, size: 3, eTag: 'e', sequencer: '1' },
    },
  }) as S3EventRecord;

const eventOf = (...records: S3EventRecord[]): S3Event => ({ Records: records });

describe('encodeEventKey', () => {
  it('encodes like S3 notifications: "/" kept, space as "+", "+" escaped', () => {
    expect(encodeEventKey('user 1/gallery/a+b (1).jpg')).toBe('user+1/gallery/a%2Bb+(1).jpg');
    const key = 'u/g/ünïcode + space.jpg';
    expect(decodeURIComponent(encodeEventKey(key).replace(/\+/g, ' '))).toBe(key);
  });
});

describe('objectCreatedEvent', () => {
  it('keeps ObjectCreated records of the notified buckets, AWS-shaped', () => {
    const event = eventOf(
      record('ObjectCreated:Put', 'originals', 'u/g/p 1'),
      record('ObjectRemoved:Delete', 'originals', 'u/g/p2'),
      record('ObjectCreated:Put', 'derived', 'thumbnails/u/g/p.jpg'),
    );
    const created = objectCreatedEvent(event, 'eu-west-2', ['originals']);
    expect(created?.Records).toHaveLength(1);
    expect(created?.Records[0]).toMatchObject({
      eventName: 'ObjectCreated:Put',
      awsRegion: 'eu-west-2',
      s3: { bucket: { name: 'originals', arn: 'arn:aws:s3:::originals' }, object: { key: 'u/g/p+1' } },
    });
  });

  it('notifies for every bucket when no list is given, and gives nothing for removals only', () => {
    const created = objectCreatedEvent(eventOf(record('ObjectCreated:Copy', 'derived', 'k')), 'eu-west-2');
    expect(created?.Records[0]?.s3.bucket.name).toBe('derived');
    expect(
      objectCreatedEvent(eventOf(record('ObjectRemoved:Delete', 'derived', 'k')), 'eu-west-2'),
    ).toBeUndefined();
  });
});

describe('withCompletionNames', () => {
  it('names an object assembled from parts as AWS does, and leaves other events alone', () => {
    const event = eventOf(
      record('ObjectCreated:Post', 'originals', 'g/assembled.jpg'),
      record('ObjectCreated:Post', 'originals', 'g/form-post.jpg'),
      record('ObjectCreated:Put', 'originals', 'g/assembled.jpg'),
    );
    const named = withCompletionNames(
      event,
      (bucket, key) => bucket === 'originals' && key === 'g/assembled.jpg',
    );
    expect(named.Records.map((r) => r.eventName)).toEqual([
      'ObjectCreated:CompleteMultipartUpload',
      'ObjectCreated:Post',
      'ObjectCreated:Put',
    ]);
  });
});
