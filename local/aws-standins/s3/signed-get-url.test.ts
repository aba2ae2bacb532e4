/**
 * Signed GET URLs, made without the client's middleware stack, must still be exactly what S3 accepts:
 * checked with the S3 stand-in's verifier, which recomputes SigV4 independently.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_URL_TTL_SECONDS, SIGNED_URL_WINDOW_SECONDS } from '../../../shared/rules/constants';
import { verifyS3Signature } from './s3-signature';
import type * as S3Module from '../../../functions/lib/s3';

const credentials = { accessKeyId: 'AKIDLOCALTEST', secretAccessKey: 'local-test-secret' };
let signedGetUrl: typeof S3Module.signedGetUrl;

beforeAll(async () => {
  Object.assign(process.env, {
    AWS_REGION: 'eu-west-2',
    S3_ENDPOINT: 'http://localhost:4568',
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  });
  ({ signedGetUrl } = await import('../../../functions/lib/s3'));
});

/** X-Amz-Date (20261123T100000Z) as ISO. */
const amzDate = (url: URL) =>
  url.searchParams
    .get('X-Amz-Date')!
    .replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z');

const verify = (url: URL, now = new Date()) =>
  verifyS3Signature(
    { method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: url.host } },
    credentials,
    now,
  );

describe('signedGetUrl', () => {
  it('signs a path-style URL on the configured endpoint that the S3 verifier accepts', async () => {
    const url = new URL(await signedGetUrl('derived', 'thumbnails/u-1/g_1/p-1.jpg'));
    expect(url.origin).toBe('http://localhost:4568');
    expect(url.pathname).toBe('/derived/thumbnails/u-1/g_1/p-1.jpg');
    expect(url.searchParams.get('X-Amz-Expires')).toBe(
      String(SIGNED_URL_TTL_SECONDS + SIGNED_URL_WINDOW_SECONDS),
    );
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    expect(await verify(url)).toEqual({ ok: true });
  });

  it('is refused once tampered with or expired', async () => {
    const url = new URL(await signedGetUrl('derived', 'thumbnails/a.jpg', 60));
    const otherKey = new URL(url);
    otherKey.pathname = '/derived/thumbnails/b.jpg';
    expect((await verify(otherKey)).ok).toBe(false);
    expect((await verify(url, new Date(Date.now() + 61_000))).ok).toBe(false);
  });

  it('hands out the same URL within a window, one the verifier accepts for at least the TTL', async () => {
    const first = new URL(await signedGetUrl('derived', 'thumbnails/u-1/g_1/p-2.jpg'));
    const second = new URL(await signedGetUrl('derived', 'thumbnails/u-1/g_1/p-2.jpg'));
    expect(second.href).toBe(first.href);
    expect(await verify(first)).toEqual({ ok: true });
    const lastSecond = new Date(Date.now() + SIGNED_URL_TTL_SECONDS * 1000);
    expect(await verify(first, lastSecond)).toEqual({ ok: true });
    const pastWindow = new Date(Date.now() + (SIGNED_URL_TTL_SECONDS + SIGNED_URL_WINDOW_SECONDS + 1) * 1000);
    expect((await verify(first, pastWindow)).ok).toBe(false);
  });

  it('signs a URL asked for a given time now, for that time', async () => {
    const url = new URL(await signedGetUrl('derived', 'thumbnails/u-1/g_1/p-2.jpg', 600));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(Math.abs(Date.now() - Date.parse(amzDate(url)))).toBeLessThan(2_000);
  });

  it('never signs for longer than an hour', async () => {
    const url = new URL(await signedGetUrl('derived', 'k', 7 * 24 * 3600));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
  });

  it('encodes key segments once', async () => {
    const url = await signedGetUrl('derived', 'dir/with space+plus.jpg');
    expect(url).toContain('/derived/dir/with%20space%2Bplus.jpg?');
    expect(await verify(new URL(url))).toEqual({ ok: true });
  });
});
