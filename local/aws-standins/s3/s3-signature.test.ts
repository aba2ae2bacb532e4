import type { IncomingHttpHeaders } from 'node:http';
import { Sha256 } from '@aws-crypto/sha256-js';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { canonicalS3Path, parseAmzDate, verifyS3Signature, type RequestToVerify } from './s3-signature';

const credentials = { accessKeyId: 'LOCALKEY', secretAccessKey: 'local-secret' };
const region = 'eu-west-2';
const signedAt = new Date('2026-03-01T12:00:00Z');
const host = 'localhost:4568';

const objectRequest = (method: string, path: string, headers: Record<string, string> = {}) =>
  new HttpRequest({
    method,
    protocol: 'http:',
    hostname: 'localhost',
    port: 4568,
    path,
    headers: { host, ...headers },
  });

const toUrl = (request: { path: string; query?: Record<string, unknown> }): string => {
  const query = Object.entries(request.query ?? {})
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return query ? `${request.path}?${query}` : request.path;
};

/** A presigned URL exactly as `getSignedUrl` builds it. */
async function presignedUrl(path: string, expiresIn = 300, signer = credentials): Promise<string> {
  const presigner = new S3RequestPresigner({ credentials: signer, region, sha256: Sha256 });
  return toUrl(await presigner.presign(objectRequest('GET', path), { expiresIn, signingDate: signedAt }));
}

/** A header-signed request exactly as the S3 client signs it. */
async function headerSignedRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<RequestToVerify> {
  const signer = new SignatureV4({
    credentials,
    region,
    service: 's3',
    sha256: Sha256,
    uriEscapePath: false,
  });
  const signed = await signer.sign(objectRequest(method, path, headers), { signingDate: signedAt });
  return { method, url: toUrl(signed), headers: lowerCased(signed.headers) };
}

const lowerCased = (headers: Record<string, string>): IncomingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

const getRequest = (url: string, headers: IncomingHttpHeaders = { host }): RequestToVerify => ({
  method: 'GET',
  url,
  headers,
});
const oneMinuteLater = new Date(signedAt.getTime() + 60_000);

describe('presigned URLs', () => {
  it('accepts an untouched presigned URL, also with a key that needs encoding', async () => {
    const url = await presignedUrl('/bucket/user%201/photo%2B1.jpg');
    await expect(verifyS3Signature(getRequest(url), credentials, oneMinuteLater)).resolves.toEqual({
      ok: true,
    });
  });

  it('rejects a changed key, signature, expiry or host with SignatureDoesNotMatch', async () => {
    const url = await presignedUrl('/bucket/photo.jpg');
    const tampered = [
      getRequest(url.replace('photo.jpg', 'other.jpg')),
      getRequest(
        url.replace(
          /X-Amz-Signature=([0-9a-f])/,
          (_, first: string) => `X-Amz-Signature=${first === '0' ? '1' : '0'}`,
        ),
      ),
      getRequest(url.replace('X-Amz-Expires=300', 'X-Amz-Expires=600')),
      getRequest(url, { host: 'localhost:9999' }),
    ];
    for (const request of tampered) {
      await expect(verifyS3Signature(request, credentials, oneMinuteLater)).resolves.toMatchObject({
        ok: false,
        status: 403,
        code: 'SignatureDoesNotMatch',
      });
    }
  });

  it('rejects an expired URL with AccessDenied "Request has expired"', async () => {
    const url = await presignedUrl('/bucket/photo.jpg', 60);
    const afterExpiry = new Date(signedAt.getTime() + 61_000);
    await expect(verifyS3Signature(getRequest(url), credentials, afterExpiry)).resolves.toEqual({
      ok: false,
      status: 403,
      code: 'AccessDenied',
      message: 'Request has expired',
    });
  });

  it('rejects an unknown access key with InvalidAccessKeyId', async () => {
    const url = await presignedUrl('/bucket/photo.jpg', 300, {
      accessKeyId: 'OTHERKEY',
      secretAccessKey: 'x',
    });
    await expect(verifyS3Signature(getRequest(url), credentials, oneMinuteLater)).resolves.toMatchObject({
      status: 403,
      code: 'InvalidAccessKeyId',
    });
  });

  it('rejects a URL signed with the right key id but another secret', async () => {
    const url = await presignedUrl('/bucket/photo.jpg', 300, { ...credentials, secretAccessKey: 'guess' });
    await expect(verifyS3Signature(getRequest(url), credentials, oneMinuteLater)).resolves.toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
  });

  it('answers 400 for missing query parameters', async () => {
    const url = (await presignedUrl('/bucket/photo.jpg')).replace(/&X-Amz-Date=[^&]+/, '');
    await expect(verifyS3Signature(getRequest(url), credentials, oneMinuteLater)).resolves.toMatchObject({
      status: 400,
      code: 'AuthorizationQueryParametersError',
    });
  });
});

describe('header-signed requests', () => {
  it('accepts a signed PUT with a payload hash and one with UNSIGNED-PAYLOAD', async () => {
    const hashed = await headerSignedRequest('PUT', '/bucket/a%20b.jpg', {
      'content-type': 'image/jpeg',
      'x-amz-content-sha256': 'a'.repeat(64),
    });
    const unsigned = await headerSignedRequest('GET', '/bucket/a.jpg', {
      'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
    });
    await expect(verifyS3Signature(hashed, credentials, oneMinuteLater)).resolves.toEqual({ ok: true });
    await expect(verifyS3Signature(unsigned, credentials, oneMinuteLater)).resolves.toEqual({ ok: true });
  });

  it('rejects a changed signed header, path or payload hash', async () => {
    const request = await headerSignedRequest('PUT', '/bucket/a.jpg', {
      'content-type': 'image/jpeg',
      'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
    });
    const tampered: RequestToVerify[] = [
      { ...request, headers: { ...request.headers, 'content-type': 'text/html' } },
      { ...request, url: '/bucket/b.jpg' },
      { ...request, headers: { ...request.headers, 'x-amz-content-sha256': 'b'.repeat(64) } },
      { ...request, method: 'DELETE' },
    ];
    for (const candidate of tampered) {
      await expect(verifyS3Signature(candidate, credentials, oneMinuteLater)).resolves.toMatchObject({
        code: 'SignatureDoesNotMatch',
      });
    }
  });

  it('rejects a request signed more than 15 minutes away from now', async () => {
    const request = await headerSignedRequest('GET', '/bucket/a.jpg', {
      'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
    });
    const later = new Date(signedAt.getTime() + 16 * 60_000);
    await expect(verifyS3Signature(request, credentials, later)).resolves.toMatchObject({
      status: 403,
      code: 'RequestTimeTooSkewed',
    });
  });

  it('requires x-amz-content-sha256, as S3 does', async () => {
    const signed = await headerSignedRequest('GET', '/bucket/a.jpg', {});
    const { 'x-amz-content-sha256': payloadHash, ...headersWithoutHash } = signed.headers;
    expect(payloadHash).toBeDefined();
    const request = { ...signed, headers: headersWithoutHash };
    await expect(verifyS3Signature(request, credentials, oneMinuteLater)).resolves.toMatchObject({
      status: 400,
      code: 'InvalidRequest',
    });
  });
});

describe('requests without a usable signature', () => {
  it('denies an anonymous request: the buckets are private', async () => {
    await expect(verifyS3Signature(getRequest('/bucket/a.jpg'), credentials, signedAt)).resolves.toEqual({
      ok: false,
      status: 403,
      code: 'AccessDenied',
      message: 'Access Denied',
    });
  });

  it('refuses signature version 2, like every region opened since 2014', async () => {
    const v2Query = getRequest('/bucket/a.jpg?AWSAccessKeyId=LOCALKEY&Expires=9999999999&Signature=abc');
    const v2Header = getRequest('/bucket/a.jpg', { host, authorization: 'AWS LOCALKEY:abc' });
    for (const request of [v2Query, v2Header]) {
      await expect(verifyS3Signature(request, credentials, signedAt)).resolves.toMatchObject({
        status: 400,
        code: 'InvalidRequest',
      });
    }
  });
});

describe('helpers', () => {
  it('canonicalizes a path to single RFC 3986 encoding', () => {
    expect(canonicalS3Path('/bucket/a b/%7Ex*.jpg')).toBe('/bucket/a%20b/~x%2A.jpg');
    expect(canonicalS3Path('/bucket/a%20b/c%2Bd.jpg')).toBe('/bucket/a%20b/c%2Bd.jpg');
  });

  it('parses only the ISO 8601 basic format', () => {
    expect(parseAmzDate('20260301T120000Z')?.toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(parseAmzDate('2026-03-01T12:00:00Z')).toBeUndefined();
  });
});
