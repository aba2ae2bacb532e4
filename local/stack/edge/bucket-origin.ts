/**
 * An S3 origin reached with origin access control: CloudFront signs its requests to the bucket as the
 * CloudFront service, which the bucket policy allows or not. Locally the edge signs with an identity of
 * its own whose statements are what the templates' bucket policies grant CloudFront (template reading in
 * previews-template.ts), so a missing or narrower grant fails here as it would in AWS.
 */
import { GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';

export interface BucketAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface BucketOriginOptions {
  endpoint: string;
  region: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
}

/** The object headers CloudFront passes on to viewers. */
function objectHeaders(object: {
  ContentType?: string | undefined;
  CacheControl?: string | undefined;
  ETag?: string | undefined;
  LastModified?: Date | undefined;
}): Record<string, string> {
  return {
    ...(object.ContentType && { 'content-type': object.ContentType }),
    ...(object.CacheControl && { 'cache-control': object.CacheControl }),
    ...(object.ETag && { etag: object.ETag }),
    ...(object.LastModified && { 'last-modified': object.LastModified.toUTCString() }),
  };
}

export function bucketOrigin(options: BucketOriginOptions) {
  const s3 = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: true,
    credentials: options.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // CloudFront reads an origin over many connections at once: a crowd's previews are not queued behind 50.
    requestHandler: { httpAgent: { keepAlive: true, maxSockets: 256 } },
  });
  return async (key: string, method: 'GET' | 'HEAD'): Promise<BucketAnswer> => {
    try {
      if (method === 'HEAD') {
        const head = await s3.send(new HeadObjectCommand({ Bucket: options.bucket, Key: key }));
        return { status: 200, headers: objectHeaders(head), body: Buffer.alloc(0) };
      }
      const object = await s3.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
      return {
        status: 200,
        headers: objectHeaders(object),
        body: Buffer.from(await object.Body!.transformToByteArray()),
      };
    } catch (error) {
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      if (status === undefined) throw error;
      return { status, headers: { 'content-type': 'application/xml' }, body: Buffer.alloc(0) };
    }
  };
}
