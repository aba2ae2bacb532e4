/**
 * S18: a presigned URL used after its expiry: 403. The product's own signer (functions/lib/s3.ts) signs
 * five-second URLs for a fulfilled order's original, its thumbnail and an upload; each works at once and is
 * refused by the S3 stand-in (which checks SigV4 as S3 does) once they are over. The product's real
 * URLs expire within the hour it promises.
 */
import { describe, expect, it } from 'vitest';
import { SIGNED_URL_TTL_SECONDS } from '#shared/rules/constants';
import { bucketsEnv } from '../../functions/lib/env';
import { signedGetUrl, signedUploadUrl } from '../../functions/lib/s3';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { jpeg } from '@shutterlane/harness/seller-tools-helpers';
import { bucketAndKey, fulfilledPhotoUrls, statusOf } from './support/signed-urls';

const env = useTestStack();

describe('S18 a presigned URL after its expiry', () => {
  it('is refused with 403', async () => {
    const order = await fulfilledPhotoUrls(env, env.demo.orders.fulfilled.id);
    const [, photo] = Object.entries(order.photoUrls)[0]!;
    // The URLs handed out say when they end, within the promised hour.
    for (const url of [photo.url, photo.thumbnailUrl!]) {
      const expires = Number(new URL(url).searchParams.get('X-Amz-Expires'));
      expect(expires).toBeGreaterThan(0);
      expect(expires).toBeLessThanOrEqual(SIGNED_URL_TTL_SECONDS);
    }

    const original = bucketAndKey(photo.url);
    const thumbnail = bucketAndKey(photo.thumbnailUrl!);
    const body = await jpeg(4);
    const uploadKey = `photos/s18gallery/s18photo${Date.now()}`;
    // Five seconds (X-Amz-Date has whole seconds, so at least four of them are left for the first use).
    const signedAt = Date.now();
    const shortLived = {
      original: await signedGetUrl(original.bucket, original.key, 5),
      thumbnail: await signedGetUrl(thumbnail.bucket, thumbnail.key, 5),
      upload: await signedUploadUrl(
        bucketsEnv().ORIGINALS_BUCKET,
        uploadKey,
        { contentType: 'image/jpeg', size: body.length },
        5,
      ),
    };
    expect(await statusOf(shortLived.original)).toBe(200);
    expect(await statusOf(shortLived.thumbnail)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, signedAt + 6_500 - Date.now()));
    expect(await statusOf(shortLived.original)).toBe(403);
    expect(await statusOf(shortLived.thumbnail)).toBe(403);
    const put = { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(body) };
    expect(await statusOf(shortLived.upload, put)).toBe(403);
    // Nothing was written by the refused upload.
    expect(await statusOf(await signedGetUrl(bucketsEnv().ORIGINALS_BUCKET, uploadKey))).toBe(404);
  });
});
