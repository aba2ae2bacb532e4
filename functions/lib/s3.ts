/**
 * One S3 client for the process and the presigner. Checksums only when required: s3rver stores the
 * SDK's aws-chunked framing otherwise, and browsers PUT to presigned URLs without them anyway.
 */
import { DeleteObjectsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { S3RequestPresigner, getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { formatUrl } from '@aws-sdk/core/util';
import { HttpRequest } from '@smithy/protocol-http';
import { SIGNED_URL_TTL_SECONDS } from '#shared/constants';
import { awsEnv } from './env';

let client: S3Client | undefined;

export function s3(): S3Client {
  if (!client) {
    const { AWS_REGION, S3_ENDPOINT } = awsEnv();
    client = new S3Client({
      region: AWS_REGION,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(S3_ENDPOINT && { endpoint: S3_ENDPOINT, forcePathStyle: true }),
    });
  }
  return client;
}

let presigner: S3RequestPresigner | undefined;

/** S3 keys are signed as written, each path segment URI-encoded once (S3 does not double-encode). */
const encodeKey = (key: string): string => key.split('/').map(encodeURIComponent).join('/');

/** The GET request for an object: path-style on a configured endpoint, virtual-hosted on AWS. */
function objectRequest(bucket: string, key: string): HttpRequest {
  const { AWS_REGION, S3_ENDPOINT } = awsEnv();
  if (S3_ENDPOINT) {
    const endpoint = new URL(S3_ENDPOINT);
    return new HttpRequest({
      method: 'GET',
      protocol: endpoint.protocol,
      hostname: endpoint.hostname,
      ...(endpoint.port && { port: Number(endpoint.port) }),
      path: `/${bucket}/${encodeKey(key)}`,
      headers: { host: endpoint.host },
    });
  }
  const hostname = `${bucket}.s3.${AWS_REGION}.amazonaws.com`;
  return new HttpRequest({
    method: 'GET',
    protocol: 'https:',
    hostname,
    path: `/${encodeKey(key)}`,
    headers: { host: hostname },
  });
}

/**
 * A short-lived signed GET URL (at most an hour). Signed directly with the client's credentials and
 * region rather than through `getSignedUrl`, which runs the client's whole middleware stack per URL:
 * an order page signs a URL per photo, and that stack was most of the order call's CPU time.
 */
export async function signedGetUrl(
  bucket: string,
  key: string,
  expiresIn = SIGNED_URL_TTL_SECONDS,
): Promise<string> {
  presigner ??= new S3RequestPresigner({ ...s3().config });
  const signed = await presigner.presign(objectRequest(bucket, key), {
    expiresIn: Math.min(expiresIn, SIGNED_URL_TTL_SECONDS),
  });
  return formatUrl(signed);
}

/** A short-lived signed PUT URL for a browser upload straight to the bucket. */
export function signedPutUrl(
  bucket: string,
  key: string,
  contentType: string,
  expiresIn = 900,
): Promise<string> {
  return getSignedUrl(s3(), new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType }), {
    expiresIn,
  });
}

/**
 * A signed PUT URL for one browser upload that fixes the file's type and exact size: both headers are
 * signed, so S3 refuses a different type or a larger body than the one the API checked.
 */
export function signedUploadUrl(
  bucket: string,
  key: string,
  file: { contentType: string; size: number },
  expiresIn = 900,
): Promise<string> {
  return getSignedUrl(
    s3(),
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      ContentType: file.contentType,
      ContentLength: file.size,
    }),
    { expiresIn, signableHeaders: new Set(['content-type', 'content-length']) },
  );
}

/** Deletes objects (missing ones are fine, as in S3), a thousand per request. */
export async function deleteObjects(bucket: string, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) {
    const batch = keys.slice(i, i + 1000);
    const result = await s3().send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    if (result.Errors?.length) throw new Error(`S3 refused to delete ${result.Errors.length} objects`);
  }
}
