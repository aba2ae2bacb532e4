/**
 * The local S3 checks each caller's identity policy as AWS does: SDK calls and presigned URLs are
 * judged by the policy of whoever signed them, and refused with S3's own AccessDenied.
 */
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3BucketArn, s3ObjectArn } from '@shutterlane/aws-standins/iam/arn';
import { functionPrincipal, staticIdentityStore } from '@shutterlane/aws-standins/iam/identity-store';
import { LOCAL_AWS } from '@shutterlane/local-stack/config';
import { localS3ClientConfig, startS3, type LocalS3 } from '@shutterlane/aws-standins/s3/s3';

const originals = 'iam-originals';
const derived = 'iam-derived';
const appOrigin = 'http://localhost:5173';

const uploads = functionPrincipal('uploads', 'UploadsRole', [
  { Effect: 'Allow', Action: 's3:PutObject', Resource: `${s3BucketArn(originals)}/originals/*` },
  { Effect: 'Allow', Action: 's3:GetObject', Resource: `${s3BucketArn(derived)}/*` },
]);
const cleaner = functionPrincipal('cleaner', 'CleanerRole', [
  { Effect: 'Allow', Action: 's3:DeleteObject', Resource: `${s3BucketArn(originals)}/originals/u-1/*` },
  {
    Effect: 'Allow',
    Action: ['s3:GetObject', 's3:ListBucket'],
    Resource: [s3BucketArn(originals), `${s3BucketArn(originals)}/*`],
  },
]);
const keys = {
  uploads: { accessKeyId: 'AKIDUPLOADS', secretAccessKey: 'uploads-secret' },
  cleaner: { accessKeyId: 'AKIDCLEANER', secretAccessKey: 'cleaner-secret' },
};
const identities = staticIdentityStore([
  { ...LOCAL_AWS, principal: { kind: 'operator', arn: 'arn:aws:iam::000000000000:user/operator' } },
  { ...keys.uploads, principal: uploads },
  { ...keys.cleaner, principal: cleaner },
]);

let s3: LocalS3;
const clients: S3Client[] = [];
const clientAs = (credentials: { accessKeyId: string; secretAccessKey: string }, region = 'eu-west-2') => {
  const client = new S3Client({ ...localS3ClientConfig(s3.url), credentials, region, maxAttempts: 1 });
  clients.push(client);
  return client;
};
let operator: S3Client;
let asUploads: S3Client;
let asCleaner: S3Client;

beforeAll(async () => {
  s3 = await startS3({
    port: 0,
    buckets: [
      {
        name: originals,
        cors: [
          {
            allowedOrigins: [appOrigin],
            allowedMethods: ['PUT'],
            allowedHeaders: ['*'],
            exposedHeaders: ['ETag'],
            maxAge: 600,
          },
        ],
      },
      { name: derived },
    ],
    corsOrigins: [],
    identities,
  });
  operator = clientAs(LOCAL_AWS);
  asUploads = clientAs(keys.uploads);
  asCleaner = clientAs(keys.cleaner);
  for (const key of ['originals/u-1/a.jpg', 'originals/u-2/b.jpg', 'originals/u-1/c.jpg']) {
    await operator.send(new PutObjectCommand({ Bucket: originals, Key: key, Body: key }));
  }
  await operator.send(new PutObjectCommand({ Bucket: derived, Key: 'thumbnails/a.jpg', Body: 'thumb' }));
});

afterAll(async () => {
  for (const client of clients) client.destroy();
  await s3.stop();
});

const denied = (principal: typeof uploads, action: string, resource: string) => ({
  name: 'AccessDenied',
  $metadata: { httpStatusCode: 403 },
  message: `User: ${principal.arn} is not authorized to perform: ${action} on resource: "${resource}" because no identity-based policy allows the ${action} action`,
});

/** Fetches and returns the status with the S3 error code and message of the XML body. */
async function s3Answer(url: string, init?: RequestInit) {
  const response = await fetch(url, init);
  const body = await response.text();
  return {
    status: response.status,
    code: /<Code>([^<]*)<\/Code>/.exec(body)?.[1],
    message: /<Message>([^<]*)<\/Message>/.exec(body)?.[1]?.replace(/&#34;/g, '"'),
    allowOrigin: response.headers.get('access-control-allow-origin'),
  };
}

describe('SDK calls of a function', () => {
  it('may put under the prefix its policy names, and nowhere else', async () => {
    await expect(
      asUploads.send(new PutObjectCommand({ Bucket: originals, Key: 'originals/u-1/new.jpg', Body: 'x' })),
    ).resolves.toBeDefined();
    await expect(
      asUploads.send(new PutObjectCommand({ Bucket: originals, Key: 'elsewhere/new.jpg', Body: 'x' })),
    ).rejects.toMatchObject(denied(uploads, 's3:PutObject', s3ObjectArn(originals, 'elsewhere/new.jpg')));
    await expect(
      asUploads.send(new PutObjectCommand({ Bucket: derived, Key: 'thumbnails/evil.jpg', Body: 'x' })),
    ).rejects.toMatchObject(denied(uploads, 's3:PutObject', s3ObjectArn(derived, 'thumbnails/evil.jpg')));
    await expect(
      operator.send(new HeadObjectCommand({ Bucket: derived, Key: 'thumbnails/evil.jpg' })),
    ).rejects.toMatchObject({ name: 'NotFound' });
  });

  it('is refused a read its policy does not allow, and a listing without s3:ListBucket', async () => {
    await expect(
      asUploads.send(new GetObjectCommand({ Bucket: originals, Key: 'originals/u-1/a.jpg' })),
    ).rejects.toMatchObject(denied(uploads, 's3:GetObject', s3ObjectArn(originals, 'originals/u-1/a.jpg')));
    await expect(asUploads.send(new ListObjectsV2Command({ Bucket: derived }))).rejects.toMatchObject(
      denied(uploads, 's3:ListBucket', s3BucketArn(derived)),
    );
  });

  it('learns nothing about a missing object without s3:ListBucket: AccessDenied, not NoSuchKey', async () => {
    await expect(
      asUploads.send(new GetObjectCommand({ Bucket: derived, Key: 'thumbnails/missing.jpg' })),
    ).rejects.toMatchObject({ name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
    await expect(
      asCleaner.send(new GetObjectCommand({ Bucket: originals, Key: 'originals/missing.jpg' })),
    ).rejects.toMatchObject({ name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
  });

  it('needs s3:GetObject on the source of a copy as well as s3:PutObject on its target', async () => {
    await expect(
      asUploads.send(
        new CopyObjectCommand({
          Bucket: originals,
          Key: 'originals/u-1/copy.jpg',
          CopySource: `${originals}/originals/u-2/b.jpg`,
        }),
      ),
    ).rejects.toMatchObject(denied(uploads, 's3:GetObject', s3ObjectArn(originals, 'originals/u-2/b.jpg')));
  });

  it('deletes only the keys its policy allows in a multi-object delete, reporting the others per key', async () => {
    const result = await asCleaner.send(
      new DeleteObjectsCommand({
        Bucket: originals,
        Delete: { Objects: [{ Key: 'originals/u-1/a.jpg' }, { Key: 'originals/u-2/b.jpg' }] },
      }),
    );
    expect(result.Deleted?.map((object) => object.Key)).toEqual(['originals/u-1/a.jpg']);
    expect(result.Errors).toEqual([
      { Key: 'originals/u-2/b.jpg', Code: 'AccessDenied', Message: 'Access Denied' },
    ]);
    await expect(
      operator.send(new HeadObjectCommand({ Bucket: originals, Key: 'originals/u-1/a.jpg' })),
    ).rejects.toMatchObject({ name: 'NotFound' });
    await expect(
      operator.send(new HeadObjectCommand({ Bucket: originals, Key: 'originals/u-2/b.jpg' })),
    ).resolves.toBeDefined();
  });

  it('passes a wholly allowed multi-object delete on as sent', async () => {
    await operator.send(new PutObjectCommand({ Bucket: originals, Key: 'originals/u-1/d.jpg', Body: 'd' }));
    const result = await asCleaner.send(
      new DeleteObjectsCommand({
        Bucket: originals,
        Delete: { Objects: [{ Key: 'originals/u-1/c.jpg' }, { Key: 'originals/u-1/d.jpg' }], Quiet: true },
      }),
    );
    expect(result.Errors ?? []).toEqual([]);
    const { Contents } = await operator.send(
      new ListObjectsV2Command({ Bucket: originals, Prefix: 'originals/u-1/' }),
    );
    const left = (Contents ?? []).map((object) => object.Key);
    expect(left).not.toContain('originals/u-1/c.jpg');
    expect(left).not.toContain('originals/u-1/d.jpg');
  });

  it('refuses an unknown key and a signature for another region', async () => {
    const get = new GetObjectCommand({ Bucket: derived, Key: 'thumbnails/a.jpg' });
    await expect(
      clientAs({ accessKeyId: 'AKIDNOBODY', secretAccessKey: 'x' }).send(get),
    ).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
      $metadata: { httpStatusCode: 403 },
    });
    await expect(clientAs(keys.uploads, 'us-east-1').send(get)).rejects.toMatchObject({
      name: 'AuthorizationHeaderMalformed',
      message:
        "The authorization header is malformed; the region 'us-east-1' is wrong; expecting 'eu-west-2'",
    });
  });
});

describe('presigned URLs', () => {
  it("are judged by the signer's policy: a GET it may make works, another is AccessDenied", async () => {
    const allowed = await getSignedUrl(
      asUploads,
      new GetObjectCommand({ Bucket: derived, Key: 'thumbnails/a.jpg' }),
      {
        expiresIn: 300,
      },
    );
    const response = await fetch(allowed);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('thumb');

    const refused = await getSignedUrl(
      asUploads,
      new GetObjectCommand({ Bucket: originals, Key: 'originals/u-1/c.jpg' }),
      {
        expiresIn: 300,
      },
    );
    await expect(s3Answer(refused)).resolves.toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: denied(uploads, 's3:GetObject', s3ObjectArn(originals, 'originals/u-1/c.jpg')).message,
    });
  });

  it('upload from the browser with the CORS headers of the bucket definition', async () => {
    const url = await getSignedUrl(
      asUploads,
      new PutObjectCommand({
        Bucket: originals,
        Key: 'originals/u-1/browser.jpg',
        ContentType: 'image/jpeg',
      }),
      { expiresIn: 300 },
    );
    // The browser's preflight, on the presigned URL itself, before the signer's key was ever used.
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: appOrigin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    const put = await fetch(url, {
      method: 'PUT',
      body: 'jpeg',
      headers: { 'content-type': 'image/jpeg', origin: appOrigin },
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('access-control-allow-origin')).toBe(appOrigin);

    const refusedUrl = await getSignedUrl(
      asUploads,
      new PutObjectCommand({ Bucket: originals, Key: 'other/browser.jpg', ContentType: 'image/jpeg' }),
      { expiresIn: 300 },
    );
    const refused = await s3Answer(refusedUrl, {
      method: 'PUT',
      body: 'jpeg',
      headers: { 'content-type': 'image/jpeg', origin: appOrigin },
    });
    // The refusal carries the bucket's CORS headers, so the page can read why.
    expect(refused).toMatchObject({ status: 403, code: 'AccessDenied', allowOrigin: appOrigin });
  });

  it('get no CORS headers from a bucket defined without CORS rules', async () => {
    const preflight = await fetch(`${s3.url}/${derived}/thumbnails/a.jpg`, {
      method: 'OPTIONS',
      headers: { origin: appOrigin, 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
