/** The local S3 must refuse what AWS S3 refuses, or tests of our access rules prove nothing. */
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localS3ClientConfig, startS3, type LocalS3 } from '@shutterlane/aws-standins/s3/s3';

const bucket = 'it-private';
const key = 'u/g/secret.jpg';
let s3: LocalS3;
let client: S3Client;

beforeAll(async () => {
  s3 = await startS3({ port: 0, buckets: [bucket], corsOrigins: ['http://localhost:5173'] });
  client = new S3Client(localS3ClientConfig(s3.url));
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'private bytes' }));
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'u/g/other.jpg', Body: 'other bytes' }));
});

afterAll(async () => {
  client.destroy();
  await s3.stop();
});

const presignedGet = (options: { expiresIn?: number; signingDate?: Date } = {}) =>
  getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 300, ...options });

/** Fetches and returns the status with the S3 error code of the XML body. */
async function s3Answer(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; code?: string; message?: string }> {
  const response = await fetch(url, init);
  const body = await response.text();
  return {
    status: response.status,
    code: /<Code>([^<]*)<\/Code>/.exec(body)?.[1],
    message: /<Message>([^<]*)<\/Message>/.exec(body)?.[1],
  };
}

const flipLastHexDigit = (signature: string) =>
  signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');

describe('local S3 request signatures', () => {
  it('serves an untouched presigned GET', async () => {
    const response = await fetch(await presignedGet());
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('private bytes');
  });

  it('denies an unsigned GET: the buckets are private', async () => {
    await expect(s3Answer(`${s3.url}/${bucket}/${key}`)).resolves.toEqual({
      status: 403,
      code: 'AccessDenied',
      message: 'Access Denied',
    });
  });

  it('refuses a presigned URL whose key was changed', async () => {
    const url = (await presignedGet()).replace('secret.jpg', 'other.jpg');
    await expect(s3Answer(url)).resolves.toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('refuses a presigned URL whose signature was changed', async () => {
    const url = new URL(await presignedGet());
    url.searchParams.set('X-Amz-Signature', flipLastHexDigit(url.searchParams.get('X-Amz-Signature') ?? ''));
    await expect(s3Answer(url.toString())).resolves.toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
  });

  it('refuses a presigned URL whose expiry was extended', async () => {
    const url = new URL(await presignedGet({ expiresIn: 60 }));
    url.searchParams.set('X-Amz-Expires', '604800');
    await expect(s3Answer(url.toString())).resolves.toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
  });

  it('refuses an expired presigned URL', async () => {
    const url = await presignedGet({ expiresIn: 60, signingDate: new Date(Date.now() - 5 * 60_000) });
    await expect(s3Answer(url)).resolves.toEqual({
      status: 403,
      code: 'AccessDenied',
      message: 'Request has expired',
    });
  });

  it('refuses a presigned PUT used for another key, and stores nothing', async () => {
    const url = await getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: 'u/g/allowed.jpg' }), {
      expiresIn: 300,
    });
    const answer = await s3Answer(url.replace('allowed.jpg', 'sneaky.jpg'), {
      method: 'PUT',
      body: 'sneaky',
    });
    expect(answer).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    await expect(
      client.send(new GetObjectCommand({ Bucket: bucket, Key: 'u/g/sneaky.jpg' })),
    ).rejects.toMatchObject({
      name: 'NoSuchKey',
    });
  });

  it('refuses a presigned GET used as a PUT', async () => {
    const answer = await s3Answer(await presignedGet(), { method: 'PUT', body: 'overwrite' });
    expect(answer).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    expect(await object.Body?.transformToString()).toBe('private bytes');
  });

  it('gives the app origin CORS headers on a refusal, so the browser can read it', async () => {
    const response = await fetch(`${s3.url}/${bucket}/${key}`, {
      headers: { origin: 'http://localhost:5173' },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });
});
