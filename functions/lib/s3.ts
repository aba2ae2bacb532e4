/**
 * The S3 adapter: the one S3 client for the process, the presigner, and the object operations the
 * functions use; services call these, never the SDK. Checksums only when required: s3rver stores the
 * SDK's aws-chunked framing otherwise, and browsers PUT to presigned URLs without them anyway.
 */
import { Upload } from '@aws-sdk/lib-storage';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  ListPartsCommand,
  type ListPartsCommandOutput,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { S3RequestPresigner, getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { formatUrl } from '@aws-sdk/core/util';
import { HttpRequest } from '@smithy/protocol-http';
import type { Readable } from 'node:stream';
import { SIGNED_URL_TTL_SECONDS, SIGNED_URL_WINDOW_SECONDS } from '#shared/rules/constants';
import { awsEnv } from './env';
import { signingWindow } from './signing-window';

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

/** Signed default-lifetime URLs of the current windows, by bucket and key (bounded: cleared when full). */
const windowedUrls = new Map<string, { signedAt: number; url: string }>();
const WINDOWED_URLS_MAX = 10_000;

async function presignGet(
  bucket: string,
  key: string,
  signingDate: Date,
  expiresIn: number,
): Promise<string> {
  presigner ??= new S3RequestPresigner({ ...s3().config });
  return formatUrl(await presigner.presign(objectRequest(bucket, key), { signingDate, expiresIn }));
}

/**
 * A signed GET URL. Signed directly with the client's credentials and region rather than through
 * `getSignedUrl`, which runs the client's whole middleware stack per URL: an order page signs a URL per
 * photo, and that stack was most of the order call's CPU time.
 *
 * Without `expiresIn`, the URL is signed for the object's current window (signing-window.ts): the same
 * URL for every request within it, so a polling grid and the browser's cache reuse the image, and one
 * signature serves the whole window. It has at least SIGNED_URL_TTL_SECONDS to run (at most that plus
 * SIGNED_URL_WINDOW_SECONDS). With `expiresIn` (a customer's download, which must end soon after access
 * ends), it is signed now for that long, at most SIGNED_URL_TTL_SECONDS.
 */
export async function signedGetUrl(bucket: string, key: string, expiresIn?: number): Promise<string> {
  const now = new Date();
  if (expiresIn !== undefined)
    return presignGet(bucket, key, now, Math.min(expiresIn, SIGNED_URL_TTL_SECONDS));
  const id = `${bucket}/${key}`;
  const window = signingWindow(id, now, {
    ttlSeconds: SIGNED_URL_TTL_SECONDS,
    windowSeconds: SIGNED_URL_WINDOW_SECONDS,
  });
  const cached = windowedUrls.get(id);
  if (cached?.signedAt === window.signingDate.getTime()) return cached.url;
  const url = await presignGet(bucket, key, window.signingDate, window.expiresIn);
  if (windowedUrls.size >= WINDOWED_URLS_MAX) windowedUrls.clear();
  windowedUrls.set(id, { signedAt: window.signingDate.getTime(), url });
  return url;
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

/** One page of a listing: its keys, and where the next page starts (undefined on the last). */
export interface KeyPage {
  keys: string[];
  nextToken: string | undefined;
}

/** One page (up to 1,000 keys) of the keys under the prefix, from where `token` says. */
export async function listKeys(bucket: string, prefix: string, token?: string): Promise<KeyPage> {
  const page: ListObjectsV2CommandOutput = await s3().send(
    new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ...(token && { ContinuationToken: token }) }),
  );
  return {
    keys: (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])),
    nextToken: page.IsTruncated ? page.NextContinuationToken : undefined,
  };
}

/** Deletes every object under the prefix, a listing page at a time; how many went. */
export async function deletePrefix(bucket: string, prefix: string): Promise<number> {
  let deleted = 0;
  let token: string | undefined;
  do {
    const page = await listKeys(bucket, prefix, token);
    await deleteObjects(bucket, page.keys);
    deleted += page.keys.length;
    token = page.nextToken;
  } while (token);
  return deleted;
}

/** An object's bytes; undefined when there is no such object (deleted meanwhile). */
export async function readObject(bucket: string, key: string): Promise<Buffer | undefined> {
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

/**
 * An object's body as a stream, read as it arrives (the resize trigger pipes a 24 MP original straight
 * into sharp), with its user metadata; undefined when there is no such object.
 */
export async function readObjectStream(
  bucket: string,
  key: string,
): Promise<{ body: Readable; metadata: Record<string, string> } | undefined> {
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return { body: object.Body as Readable, metadata: object.Metadata ?? {} };
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

/** Writes an object with its content type, caching header and user metadata. */
export async function writeObject(
  bucket: string,
  key: string,
  body: Buffer,
  headers: { contentType: string; cacheControl?: string; metadata?: Record<string, string> },
): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: body,
      ContentType: headers.contentType,
      ...(headers.cacheControl && { CacheControl: headers.cacheControl }),
      ...(headers.metadata && { Metadata: headers.metadata }),
    }),
  );
}

/** Deletes one object (a missing one is fine, as in S3). */
export async function deleteObject(bucket: string, key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}

/** What S3 keeps about an object besides its bytes. */
export interface ObjectHead {
  contentType?: string;
  metadata?: Record<string, string>;
}

/** An object's type and user metadata, or undefined when there is no such object. */
export async function headObject(bucket: string, key: string): Promise<ObjectHead | undefined> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return {
      ...(head.ContentType && { contentType: head.ContentType }),
      ...(head.Metadata && { metadata: head.Metadata }),
    };
  } catch (error) {
    if ((error as { name?: string }).name === 'NotFound') return undefined;
    throw error;
  }
}

/**
 * Copies an object onto itself with new user metadata (its type kept): S3 reports this as a new
 * object (`ObjectCreated:Copy`), so its bucket notifications fire again. S3 copies an object onto
 * itself only when something changes, hence the metadata is replaced.
 */
export async function rewriteObject(bucket: string, key: string, head: ObjectHead): Promise<void> {
  await s3().send(
    new CopyObjectCommand({
      Bucket: bucket,
      Key: key,
      CopySource: `${bucket}/${key}`,
      MetadataDirective: 'REPLACE',
      ...(head.contentType && { ContentType: head.contentType }),
      Metadata: head.metadata ?? {},
    }),
  );
}

// ---- Multipart uploads: the browser PUTs each part to a URL signed here.

const isNoSuchUpload = (error: unknown): boolean => (error as { name?: string }).name === 'NoSuchUpload';

/** Starts a multipart upload of an object of the given type; S3's upload id. */
export async function createMultipartUpload(
  bucket: string,
  key: string,
  contentType: string,
): Promise<string> {
  const { UploadId } = await s3().send(
    new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }),
  );
  if (!UploadId) throw new Error('S3 started a multipart upload without an id');
  return UploadId;
}

/**
 * A signed UploadPart URL that fixes the part's exact size (Content-Length is signed), so S3 refuses a
 * body of any other length, as signedUploadUrl does for whole files.
 */
export function signedPartUrl(
  bucket: string,
  key: string,
  part: { uploadId: string; partNumber: number; size: number },
  expiresIn = 900,
): Promise<string> {
  return getSignedUrl(
    s3(),
    new UploadPartCommand({
      Bucket: bucket,
      Key: key,
      UploadId: part.uploadId,
      PartNumber: part.partNumber,
      ContentLength: part.size,
    }),
    { expiresIn, signableHeaders: new Set(['content-length']) },
  );
}

export interface StoredPart {
  partNumber: number;
  /** As S3 gives it, quoted. */
  etag: string;
  size: number;
}

/** The parts S3 holds for an upload, by part number; undefined when there is no such upload (NoSuchUpload). */
export async function listParts(
  bucket: string,
  key: string,
  uploadId: string,
): Promise<StoredPart[] | undefined> {
  const parts: StoredPart[] = [];
  let marker: string | undefined;
  try {
    do {
      const page: ListPartsCommandOutput = await s3().send(
        new ListPartsCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          ...(marker !== undefined && { PartNumberMarker: marker }),
        }),
      );
      for (const part of page.Parts ?? [])
        parts.push({ partNumber: part.PartNumber ?? 0, etag: part.ETag ?? '', size: part.Size ?? 0 });
      marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
    } while (marker !== undefined);
  } catch (error) {
    if (isNoSuchUpload(error)) return undefined;
    throw error;
  }
  return parts;
}

/** Assembles the object from the given parts (S3 checks each ETag); its ObjectCreated event follows. */
export async function completeMultipartUpload(
  bucket: string,
  key: string,
  uploadId: string,
  parts: readonly { partNumber: number; etag: string }[],
): Promise<void> {
  await s3().send(
    new CompleteMultipartUploadCommand({
      Bucket: bucket,
      Key: key,
      UploadId: uploadId,
      MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
    }),
  );
}

/** Aborts an upload: S3 drops its parts. One already gone (aborted or completed) is fine. */
export async function abortMultipartUpload(bucket: string, key: string, uploadId: string): Promise<void> {
  try {
    await s3().send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
  } catch (error) {
    if (!isNoSuchUpload(error)) throw error;
  }
}

/**
 * Uploads what `body` streams, in parts as it comes (lib-storage's multipart upload), so a file written
 * row by row never sits whole in memory; settles once the object is stored. A failed upload's parts are
 * left to the buckets' lifecycle rule (incomplete uploads go after a day) rather than aborted, so the
 * caller needs s3:PutObject alone.
 */
export async function streamToObject(
  bucket: string,
  key: string,
  body: Readable,
  headers: { contentType: string; contentDisposition?: string },
): Promise<void> {
  await new Upload({
    client: s3(),
    leavePartsOnError: true,
    params: {
      Bucket: bucket,
      Key: key,
      Body: body,
      ContentType: headers.contentType,
      ...(headers.contentDisposition && { ContentDisposition: headers.contentDisposition }),
    },
  }).done();
}
