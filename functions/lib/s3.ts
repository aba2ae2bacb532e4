/**
 * One S3 client for the process and the presigner. Checksums only when required: s3rver stores the
 * SDK's aws-chunked framing otherwise, and browsers PUT to presigned URLs without them anyway.
 */
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SIGNED_URL_TTL_SECONDS } from '../../shared/constants';
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

/** A short-lived signed GET URL (at most an hour). */
export function signedGetUrl(
  bucket: string,
  key: string,
  expiresIn = SIGNED_URL_TTL_SECONDS,
): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucket, Key: key }), {
    expiresIn: Math.min(expiresIn, SIGNED_URL_TTL_SECONDS),
  });
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
