import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  DeleteObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Event } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortInUseError } from '@shutterlane/aws-standins/http/ports';
import { localS3ClientConfig, startS3, type LocalS3 } from '@shutterlane/aws-standins/s3/s3';

const bucket = 'it-originals';
const otherBucket = 'it-derived';
const appOrigin = 'http://localhost:5173';
let dataDir: string;
let s3: LocalS3;
let client: S3Client;
const events: S3Event[] = [];
let failNextEvent = false;

/** Resolves with the first received notification about `key` (they arrive asynchronously). */
async function eventFor(key: string): Promise<S3Event> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const found = events.find((event) => event.Records.some((record) => record.s3.object.key === key));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no object-created event for ${key}`);
}

const start = () =>
  startS3({
    port: 0,
    dataDir,
    buckets: [bucket, otherBucket],
    corsOrigins: [appOrigin],
    notifyBuckets: [bucket],
    onObjectCreated: async (event) => {
      events.push(event);
      if (failNextEvent) {
        failNextEvent = false;
        throw new Error('handler failure on purpose');
      }
    },
  });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 's3-it-'));
  s3 = await start();
  client = new S3Client(localS3ClientConfig(s3.url));
});

afterAll(async () => {
  client.destroy();
  await s3.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('local S3 through the SDK', () => {
  it('stores and returns a 5 MB binary body byte for byte', async () => {
    const body = randomBytes(5 * 1024 * 1024);
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'u/g/big.bin', Body: body }));
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'u/g/big.bin' }));
    const returned = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    expect(returned.length).toBe(body.length);
    expect(returned.equals(body)).toBe(true);
  });

  it('rejects an SDK client with the wrong secret or an unknown access key', async () => {
    const wrongSecret = new S3Client({
      ...localS3ClientConfig(s3.url),
      credentials: { accessKeyId: 'SHUTTERLANELOCAL', secretAccessKey: 'not-the-secret' },
    });
    const unknownKey = new S3Client({
      ...localS3ClientConfig(s3.url),
      credentials: { accessKeyId: 'SOMEONEELSE', secretAccessKey: 'x' },
    });
    const get = new GetObjectCommand({ Bucket: bucket, Key: 'u/g/big.bin' });
    await expect(wrongSecret.send(get)).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await expect(unknownKey.send(get)).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    // The SDK sends uploads with `Expect: 100-continue`: the refusal must come before the body.
    const upload = new PutObjectCommand({
      Bucket: bucket,
      Key: 'u/g/refused.bin',
      Body: randomBytes(1024 * 1024),
    });
    await expect(wrongSecret.send(upload)).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await expect(
      client.send(new GetObjectCommand({ Bucket: bucket, Key: 'u/g/refused.bin' })),
    ).rejects.toMatchObject({
      name: 'NoSuchKey',
    });
    wrongSecret.destroy();
    unknownKey.destroy();
  });
});

describe('presigned URLs from the browser side', () => {
  it('uploads with a presigned PUT and downloads with a presigned GET', async () => {
    const body = randomBytes(256 * 1024);
    const putUrl = await getSignedUrl(
      client,
      new PutObjectCommand({ Bucket: bucket, Key: 'u/g/from browser.jpg', ContentType: 'image/jpeg' }),
      { expiresIn: 300 },
    );
    const put = await fetch(putUrl, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'image/jpeg', origin: appOrigin },
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('access-control-allow-origin')).toBe(appOrigin);
    expect(put.headers.get('access-control-expose-headers')).toContain('ETag');

    const getUrl = await getSignedUrl(
      client,
      new GetObjectCommand({
        Bucket: bucket,
        Key: 'u/g/from browser.jpg',
        ResponseContentDisposition: 'attachment; filename="photo.jpg"',
      }),
      { expiresIn: 300 },
    );
    const get = await fetch(getUrl);
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('image/jpeg');
    expect(get.headers.get('content-disposition')).toBe('attachment; filename="photo.jpg"');
    expect(Buffer.from(await get.arrayBuffer()).equals(body)).toBe(true);
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    fetch(`${s3.url}/${bucket}/u/g/photo.jpg`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });

  it('allows a preflight from the app origin without a signature', async () => {
    const response = await preflight(appOrigin);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeTruthy();
    expect(response.headers.get('access-control-allow-methods')).toContain('PUT');
  });

  it('gives no allow-origin to another origin', async () => {
    const response = await preflight('https://evil.example');
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('object-created notifications', () => {
  it('delivers an AWS-shaped ObjectCreated event with the bucket and the encoded key', async () => {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'u/g/new photo', Body: 'x' }));
    const [record] = (await eventFor('u/g/new+photo')).Records;
    expect(record?.eventName).toBe('ObjectCreated:Put');
    expect(record?.s3.bucket.name).toBe(bucket);
    expect(record?.awsRegion).toBe('eu-west-2');
  });

  it('notifies only for the configured buckets', async () => {
    await client.send(
      new PutObjectCommand({ Bucket: otherBucket, Key: 'thumbnails/not-notified.jpg', Body: 'x' }),
    );
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'u/g/after-derived', Body: 'x' }));
    await eventFor('u/g/after-derived');
    const keys = events.flatMap((event) => event.Records.map((record) => record.s3.object.key));
    expect(keys).not.toContain('thumbnails/not-notified.jpg');
  });

  it('keeps serving when the handler throws', async () => {
    failNextEvent = true;
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'u/g/handler-fails', Body: 'x' }));
    await eventFor('u/g/handler-fails');
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'u/g/handler-fails' }));
    expect(await object.Body?.transformToString()).toBe('x');
  });
});

describe('multipart uploads (what s3rver lacks, answered as S3 does)', () => {
  const MiB = 1024 * 1024;
  const errorName = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (error: { name: string }) => error.name,
    );
  const begin = async (key: string) =>
    (await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }))).UploadId!;
  const part = (key: string, UploadId: string, PartNumber: number, size: number) =>
    client.send(
      new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber, Body: randomBytes(size) }),
    );

  it('lists parts, completes with the event AWS names, and forgets the upload after', async () => {
    const key = 'multipart/whole.bin';
    const UploadId = await begin(key);
    const first = await part(key, UploadId, 1, 5 * MiB);
    const second = await part(key, UploadId, 2, 1000);
    const listed = await client.send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId }));
    expect(listed.Parts?.map((p) => [p.PartNumber, p.Size, p.ETag])).toEqual([
      [1, 5 * MiB, first.ETag],
      [2, 1000, second.ETag],
    ]);
    const page = await client.send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId, MaxParts: 1 }));
    expect(page).toMatchObject({ IsTruncated: true, NextPartNumberMarker: '1' });
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        UploadId,
        MultipartUpload: {
          Parts: [
            { PartNumber: 1, ETag: first.ETag! },
            { PartNumber: 2, ETag: second.ETag! },
          ],
        },
      }),
    );
    const event = await eventFor(key);
    expect(event.Records[0]!.eventName).toBe('ObjectCreated:CompleteMultipartUpload');
    expect(await errorName(client.send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId })))).toBe(
      'NoSuchUpload',
    );
  });

  it('refuses bad completions as S3 does: unknown ETag, wrong order, a small part before the last', async () => {
    const key = 'multipart/refused.bin';
    const UploadId = await begin(key);
    const small = await part(key, UploadId, 1, 1000);
    const last = await part(key, UploadId, 2, 1000);
    const complete = (Parts: { PartNumber: number; ETag: string }[]) =>
      errorName(
        client.send(
          new CompleteMultipartUploadCommand({
            Bucket: bucket,
            Key: key,
            UploadId,
            MultipartUpload: { Parts },
          }),
        ),
      );
    expect(await complete([{ PartNumber: 1, ETag: '"0000"' }])).toBe('InvalidPart');
    expect(
      await complete([
        { PartNumber: 2, ETag: last.ETag! },
        { PartNumber: 1, ETag: small.ETag! },
      ]),
    ).toBe('InvalidPartOrder');
    expect(
      await complete([
        { PartNumber: 1, ETag: small.ETag! },
        { PartNumber: 2, ETag: last.ETag! },
      ]),
    ).toBe('EntityTooSmall');
  });

  it('aborts: the parts are gone, and the upload id no longer takes parts', async () => {
    const key = 'multipart/aborted.bin';
    const UploadId = await begin(key);
    await part(key, UploadId, 1, 1000);
    await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId }));
    expect(await errorName(client.send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId })))).toBe(
      'NoSuchUpload',
    );
    expect(await errorName(part(key, UploadId, 2, 1000))).toBe('NoSuchUpload');
    expect(
      await errorName(client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId }))),
    ).toBe('NoSuchUpload');
    // An upload id is tied to its key.
    const other = await begin('multipart/other.bin');
    expect(
      await errorName(client.send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId: other }))),
    ).toBe('NoSuchUpload');
  });
});

describe('listings longer than a page', () => {
  it('pages through 1,100 keys with continuation tokens, each key once, in order', async () => {
    const keys = Array.from(
      { length: 1100 },
      (_, i) => `paged/u${i % 7}/g${i % 13}/p${String(i).padStart(4, '0')}`,
    );
    for (let i = 0; i < keys.length; i += 100)
      await Promise.all(
        keys
          .slice(i, i + 100)
          .map((Key) => client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: 'x' }))),
      );
    const pages: string[][] = [];
    for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: 'paged/' }))
      pages.push((page.Contents ?? []).map((object) => object.Key!));
    expect(pages.map((page) => page.length)).toEqual([1000, 100]);
    expect(pages.flat()).toEqual([...keys].sort());
  });
});

describe('neighbouring keys written at once', () => {
  it('puts, deletes and lists keys of one folder at the same moment without an error, as S3 does', async () => {
    const failures: unknown[] = [];
    const noted = (error: unknown) => void failures.push(error);
    for (let round = 0; round < 60; round += 1) {
      const folder = `race/${round}/g`;
      const doomed = [1, 2, 3].map((n) => `${folder}/old${n}`);
      await Promise.all(
        doomed.map((Key) => client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: 'old' }))),
      );
      await Promise.all([
        ...doomed.map((Key) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key })).catch(noted)),
        client.send(new PutObjectCommand({ Bucket: bucket, Key: `${folder}/new`, Body: 'new' })).catch(noted),
        client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'race/' })).catch(noted),
      ]);
    }
    expect(failures).toEqual([]);
    const left = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'race/' }));
    expect(left.Contents?.map((object) => object.Key).sort()).toEqual(
      Array.from({ length: 60 }, (_, round) => `race/${round}/g/new`).sort(),
    );
  });
});

describe('one key written and read at once', () => {
  it('gives each reader the whole old object or the whole new one, and lists and copies throughout', async () => {
    const size = 300_000;
    const version = (n: number) => Buffer.alloc(size, String(n));
    const failures: unknown[] = [];
    const noted = (error: unknown) => void failures.push(error);
    const read = async (Key: string) => {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
      const body = Buffer.from(await object.Body!.transformToByteArray());
      // Whole, of one version, with that version's ETag.
      if (body.length !== size || body.some((byte) => byte !== body[0]) || object.ContentLength !== size)
        failures.push(`a torn read of ${Key}`);
    };
    const keys = Array.from({ length: 8 }, (_, i) => `atomic/${i}`);
    await Promise.all(
      keys.map((Key) => client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: version(0) }))),
    );
    for (let round = 1; round <= 25; round += 1) {
      await Promise.all([
        ...keys.map((Key) =>
          client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: version(round % 10) })).catch(noted),
        ),
        ...keys.map((Key) => read(Key).catch(noted)),
        client
          .send(
            new CopyObjectCommand({
              Bucket: bucket,
              Key: `atomic-copy/${round}`,
              CopySource: `${bucket}/atomic/0`,
            }),
          )
          .catch(noted),
        client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'atomic' })).catch(noted),
      ]);
    }
    expect(failures).toEqual([]);
    await read(`atomic-copy/25`);
    expect(failures).toEqual([]);
  });
});

describe('lifecycle', () => {
  it('keeps objects across a stop and start with the same data directory', async () => {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'u/g/kept', Body: 'still here' }));
    client.destroy();
    await s3.stop();
    s3 = await start();
    client = new S3Client(localS3ClientConfig(s3.url));
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'u/g/kept' }));
    expect(await object.Body?.transformToString()).toBe('still here');
  });

  it('refuses a taken port with a one-line PortInUseError', async () => {
    const error: unknown = await startS3({ port: s3.port, buckets: [bucket], corsOrigins: [] }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PortInUseError);
    expect((error as Error).message).toBe(
      `Port ${s3.port} for S3 is already in use: stop the other process or set S3_PORT`,
    );
  });
});
