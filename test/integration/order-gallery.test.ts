/**
 * The fulfilled order's photos (POST /public/orders/{orderId}/photos) through the local gateway, and
 * the guarantee behind it: originals are reachable only through the signed URLs this call hands out
 * for a fulfilled order. The S3 stand-in verifies SigV4 signatures, so every refused URL here is
 * refused for the reason real S3 would refuse it.
 */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_ACTIONS, SIGNED_URL_TTL_SECONDS } from '#shared/rules/constants';
import { serverErrors } from '#shared/texts/errors';
import { FulfilledOrder, PublicOrder } from '#shared/schemas/order';
import { bucketsEnv } from '../../functions/lib/env';
import { localS3ClientConfig } from '@shutterlane/aws-standins/s3/s3';
import { objectKeys } from '#shared/platform/storage-layout';
import { newOrderId } from '../../functions/lib/ids';
import { createOrder, getOrder } from '../../functions/domains/orders/order-store';
import { getPhotos, putPhoto } from '../../functions/domains/galleries/photo-store';
import { captchaToken, useTestStack } from '@shutterlane/harness/local-stack';

let s3: S3Client;

const env = useTestStack();
beforeAll(async () => {
  s3 = new S3Client(localS3ClientConfig(env.stack.urls.s3));
});
afterAll(async () => {
  s3?.destroy();
  await env?.stop();
});

const token = () => captchaToken(env.stack.urls.captcha, CAPTCHA_ACTIONS.publicOrderCheck);

async function post(path: string, body: unknown) {
  const response = await fetch(`${env.demo.apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const photosOf = async (orderId: string) =>
  post(`/public/orders/${orderId}/photos`, { captchaToken: await token() });
const publicOrder = async (orderId: string) =>
  post(`/public/orders/${orderId}`, { captchaToken: await token() });

async function objectBytes(bucket: string, key: string): Promise<Buffer> {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

/** `/bucket/thumbnails/{gallery}/{photo}.jpg` → the parts of the key. */
function keyParts(thumbnailUrl: string) {
  const [, , , galleryId, file] = new URL(thumbnailUrl).pathname.split('/');
  return { galleryId: galleryId!, photoId: file!.replace(/\.jpg$/, '') };
}

const withPath = (signedUrl: string, pathname: string) => {
  const url = new URL(signedUrl);
  url.pathname = pathname;
  return url.toString();
};

describe('POST /public/orders/{orderId}/photos', () => {
  it("answers a fulfilled order with every photo's original, signed, sized and loadable", async () => {
    const { status, body } = await photosOf(env.demo.orders.fulfilled.id);
    expect(status).toBe(200);
    const order = FulfilledOrder.parse(body);
    expect(order.orderId).toBe(env.demo.orders.fulfilled.id);
    expect(Object.keys(order.photoUrls)).toHaveLength(12);
    const expiresIn = Date.parse(order.urlsExpireAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(SIGNED_URL_TTL_SECONDS * 1000);

    const [photoId, photo] = Object.entries(order.photoUrls)[0]!;
    expect(photo.url).toContain('X-Amz-Signature=');
    expect(Number(new URL(photo.url).searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(3600);
    expect([photo.width, photo.height].sort()).toEqual([1200, 1800]);
    const { galleryId } = keyParts(photo.thumbnailUrl!);
    const original = await fetch(photo.url);
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer())).toEqual(
      await objectBytes(bucketsEnv().ORIGINALS_BUCKET, objectKeys.original(galleryId, photoId)),
    );
    expect((await fetch(photo.thumbnailUrl!)).status).toBe(200);
    // What the grid and the viewer show where the browser takes WebP: the thumbnail (400 px and
    // grid-sized) and the 2048 px copy.
    for (const url of [photo.thumbnailWebpUrl!, photo.gridWebpUrl!, photo.optimizedWebpUrl!]) {
      const shown = await fetch(url);
      expect([shown.status, shown.headers.get('content-type')]).toEqual([200, 'image/webp']);
    }
  });

  it("hands out the 2048 px copy for a photo the seller uploaded at 'optimized' quality", async () => {
    const fulfilled = await getOrder(env.demo.orders.fulfilled.id);
    const photoId = fulfilled!.photoIds[0]!;
    const [record] = await getPhotos(fulfilled!.galleryId, [photoId]);
    await putPhoto({ ...record!, quality: 'optimized' });
    try {
      const order = FulfilledOrder.parse((await photosOf(fulfilled!.orderId)).body);
      const photo = order.photoUrls[photoId]!;
      const key = objectKeys.optimized(fulfilled!.galleryId, photoId);
      expect(new URL(photo.url).pathname).toBe(`/${bucketsEnv().DERIVED_BUCKET}/${key}`);
      const response = await fetch(photo.url);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(
        await objectBytes(bucketsEnv().DERIVED_BUCKET, key),
      );
      expect([photo.width, photo.height]).toEqual([record!.width, record!.height]); // under 2048 already
    } finally {
      await putPhoto(record!);
    }
  });

  it('refuses an order not fulfilled yet with 409, one that expired unpaid with 410, an unknown one with 404', async () => {
    for (const kind of ['free', 'paid'] as const) {
      const { status, body } = await photosOf(env.demo.orders[kind].id);
      expect({ kind, status, body }).toEqual({
        kind,
        status: 409,
        body: { message: serverErrors.orderNotFulfilled },
      });
    }
    // It can never be paid now (S20: 409 while that may change, 410 once it never will).
    expect(await photosOf(env.demo.orders.expired.id)).toEqual({
      status: 410,
      body: { message: serverErrors.orderExpired },
    });
    expect(await photosOf('AAAAAAAAAAAAAAAAAAAAAA')).toEqual({
      status: 404,
      body: { message: serverErrors.orderNotFound },
    });
  });

  it('needs the human check: 400 without a token, 403 with a bad or replayed one', async () => {
    const path = `/public/orders/${env.demo.orders.fulfilled.id}/photos`;
    const missing = await post(path, {});
    expect(missing.status).toBe(400);
    expect(String(missing.body.message)).toMatch(/captcha/i);
    const bad = await post(path, { captchaToken: 'not-a-token' });
    expect(bad.status).toBe(403);
    expect(String(bad.body.message)).toContain('captcha');
    const once = await token();
    expect((await post(path, { captchaToken: once })).status).toBe(200);
    expect((await post(path, { captchaToken: once })).status).toBe(403);
  });

  it('answers 410 once the 30 days after fulfilment are over, and the order then reads as EXPIRED', async () => {
    const fulfilled = await getOrder(env.demo.orders.fulfilled.id);
    const day = 86_400_000;
    const orderId = newOrderId();
    await createOrder({
      ...fulfilled!,
      orderId,
      createdAt: new Date(Date.now() - 40 * day).toISOString(),
      expiresAt: new Date(Date.now() - 10 * day).toISOString(),
      fulfilledAt: new Date(Date.now() - 31 * day).toISOString(),
    });
    expect(await photosOf(orderId)).toEqual({
      status: 410,
      body: { message: serverErrors.photosNoLongerAvailable },
    });
    const order = PublicOrder.parse((await publicOrder(orderId)).body);
    expect(order).toMatchObject({ status: 'EXPIRED', photos: [] });
  });
});

describe('originals of an order that is not fulfilled', () => {
  it('are refused (403) on every URL a client could build from a thumbnail URL', async () => {
    const order = PublicOrder.parse((await publicOrder(env.demo.orders.free.id)).body);
    const thumbnailUrl = order.photos[0]!.thumbnailUrl;
    expect((await fetch(thumbnailUrl)).status).toBe(200);
    const { galleryId, photoId } = keyParts(thumbnailUrl);
    const { DERIVED_BUCKET: derived, ORIGINALS_BUCKET: originals } = bucketsEnv();
    const originalKey = objectKeys.original(galleryId, photoId);
    const candidates = [
      // The spec's original app: the thumbnail URL with the thumbnails segment removed.
      thumbnailUrl.replace('/thumbnails/', '/'),
      withPath(thumbnailUrl, `/${derived}/${originalKey}`),
      withPath(thumbnailUrl, `/${derived}/${originalKey}.jpg`),
      // The same signature on the originals bucket and on the derived copies.
      withPath(thumbnailUrl, `/${originals}/${originalKey}`),
      withPath(thumbnailUrl, `/${originals}/${objectKeys.thumbnail(galleryId, photoId)}`),
      withPath(thumbnailUrl, `/${derived}/${objectKeys.optimized(galleryId, photoId)}`),
      // No signature at all.
      `${env.stack.urls.s3}/${originals}/${originalKey}`,
      `${env.stack.urls.s3}/${derived}/${originalKey}`,
    ];
    for (const url of candidates) {
      expect({ url, status: (await fetch(url)).status }).toEqual({ url, status: 403 });
    }
    // The object is there: only the signature keeps it out of reach.
    expect((await objectBytes(originals, originalKey)).length).toBeGreaterThan(0);
  });
});
