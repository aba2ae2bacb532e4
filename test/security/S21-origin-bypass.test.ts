/**
 * S21: the buckets reached without a valid signature, and the API reached without CloudFront's
 * origin-verify header: refused.
 *
 * Buckets: GET and PUT to the S3 stand-in (which checks SigV4 as S3 does) without a signature and with a
 * tampered one: 403, the object unchanged or never made; the untouched signed URL works (the control).
 * API: straight at the local gateway (around the edge, as a caller who found the execute-api host would),
 * without the header and with a wrong value: 403 with the API's message, nothing changed; the same calls
 * through the edge (test/support: `apiUrl`) work.
 */
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { signedUploadUrl } from '../../functions/lib/s3';
import { ORIGIN_REFUSED_MESSAGE } from '../../functions/lib/origin-verify';
import { ORIGIN_VERIFY_HEADER } from '#shared/platform/origin-verify-header';
import { localS3ClientConfig } from '@shutterlane/aws-standins/s3/s3';
import { captchaToken, useTestStack } from '@shutterlane/harness/local-stack';
import { freshOrder, mailTo, uniqueEmail } from '../integration/checkout-helpers';
import { jpeg } from '@shutterlane/harness/seller-tools-helpers';
import { bucketAndKey, fulfilledPhotoUrls, statusOf, withParam } from './support/signed-urls';

const env = useTestStack();

/** The signature with its last hex digit changed. */
const tampered = (signedUrl: string): string => {
  const signature = new URL(signedUrl).searchParams.get('X-Amz-Signature')!;
  const last = signature.at(-1) === '0' ? '1' : '0';
  return withParam(signedUrl, 'X-Amz-Signature', `${signature.slice(0, -1)}${last}`);
};
const unsigned = (signedUrl: string): string => {
  const url = new URL(signedUrl);
  url.search = '';
  return url.toString();
};

/** Whether the object exists, asked as the operator; any answer but 200 or 404 fails the test. */
async function exists(bucket: string, key: string): Promise<boolean> {
  const s3 = new S3Client(localS3ClientConfig(env.stack.urls.s3));
  try {
    await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
      return false;
    throw error;
  } finally {
    s3.destroy();
  }
}

describe('S21 buckets reached without a valid signature', () => {
  it('refuses GET without a signature or with a tampered one; the signed URL itself works', async () => {
    const order = await fulfilledPhotoUrls(env, env.demo.orders.fulfilled.id);
    const [, photo] = Object.entries(order.photoUrls)[0]!;
    for (const signed of [photo.url, photo.thumbnailUrl!]) {
      expect(await statusOf(unsigned(signed)), 'unsigned').toBe(403);
      expect(await statusOf(tampered(signed)), 'tampered').toBe(403);
      expect(await statusOf(signed), 'as signed').toBe(200);
    }
  });

  it('refuses PUT without a signature or with a tampered one: the original unchanged, no object made', async () => {
    const order = await fulfilledPhotoUrls(env, env.demo.orders.fulfilled.id);
    const [, photo] = Object.entries(order.photoUrls)[0]!;
    const before = Buffer.from(await (await fetch(photo.url)).arrayBuffer());
    const original = bucketAndKey(photo.url);
    const body = await jpeg(4);
    const put = (url: string) =>
      statusOf(url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(body) });

    // Over an existing original: refused both ways, its bytes as they were.
    const overwrite = await signedUploadUrl(original.bucket, original.key, {
      contentType: 'image/jpeg',
      size: body.length,
    });
    expect(await put(unsigned(overwrite))).toBe(403);
    expect(await put(tampered(overwrite))).toBe(403);
    const after = Buffer.from(await (await fetch(photo.url)).arrayBuffer());
    expect(after.equals(before)).toBe(true);

    // A new key: refused both ways, nothing stored.
    const key = `photos/s21gallery/s21photo${Date.now()}`;
    const upload = await signedUploadUrl(original.bucket, key, {
      contentType: 'image/jpeg',
      size: body.length,
    });
    expect(await put(unsigned(upload))).toBe(403);
    expect(await put(tampered(upload))).toBe(403);
    expect(await exists(original.bucket, key)).toBe(false);
  });
});

describe('S21 the API reached without the origin-verify header', () => {
  const around = () => env.stack.urls.gateway;
  const through = () => env.demo.apiUrl;
  const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const token = (action: string) => captchaToken(env.stack.urls.captcha, action);

  it('is refused with 403 and a clear message without the header and with a wrong one', async () => {
    const orderId = env.demo.orders.fulfilled.id;
    for (const headers of [{}, { [ORIGIN_VERIFY_HEADER]: 'a-guessed-value-of-some-length' }] as Record<
      string,
      string
    >[]) {
      const answer = await post(
        around(),
        `/public/orders/${orderId}`,
        {
          captchaToken: await token(CAPTCHA_ACTIONS.publicOrderCheck),
        },
        headers,
      );
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(await answer.json()).toEqual({ message: ORIGIN_REFUSED_MESSAGE });
    }
    // The same call through the edge is answered.
    const answer = await post(through(), `/public/orders/${orderId}`, {
      captchaToken: await token(CAPTCHA_ACTIONS.publicOrderCheck),
    });
    expect(answer.status).toBe(200);
  });

  it('changes nothing: a free order given an email around the edge stays pending and mails no one', async () => {
    const order = await freshOrder(env);
    const email = uniqueEmail('s21');
    for (const headers of [{}, { [ORIGIN_VERIFY_HEADER]: 'wrong' }] as Record<string, string>[]) {
      const answer = await post(
        around(),
        `/orders/${order.orderId}/validate-checkout`,
        {
          customerEmail: email,
          captchaToken: await token(CAPTCHA_ACTIONS.validateCheckout),
        },
        headers,
      );
      expect(answer.status).toBe(403);
    }
    const check = await post(through(), `/public/orders/${order.orderId}`, {
      captchaToken: await token(CAPTCHA_ACTIONS.publicOrderCheck),
    });
    expect(check.status).toBe(200);
    expect(await check.json()).toMatchObject({ status: 'PENDING', nextStep: 'COLLECT_EMAIL' });
    expect(await mailTo(env, email)).toEqual([]);
  });

  it("refuses every route group around the edge, Stripe's webhook and seller routes included", async () => {
    const calls: [string, RequestInit][] = [
      ['/webhooks/stripe', { method: 'POST', body: '{}', headers: { 'stripe-signature': 't=1,v1=00' } }],
      ['/content/v2021-10-21/data/query/production?query=*', { method: 'GET' }],
      ['/public/users', { method: 'POST', body: '{}' }],
    ];
    for (const [path, init] of calls) {
      const answer = await fetch(`${around()}${path}`, init);
      expect(answer.status, path).toBe(403);
      expect(await answer.json(), path).toEqual({ message: ORIGIN_REFUSED_MESSAGE });
    }
    // A seller route without a token is refused by the authorizer before any function (as in AWS).
    expect((await fetch(`${around()}/galleries`)).status).toBe(401);
  });
});
