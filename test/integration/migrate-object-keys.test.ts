/**
 * `npm run migrate:object-keys` against the local stand-ins: photos stored under the earlier keys (which
 * named the seller) move to the current keys with their bytes and headers, the resize trigger the copies
 * set off counts nothing twice, customers reach the moved photos, and a second run changes nothing.
 */
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { bucketsEnv } from '../../functions/lib/env';
import { getGallery } from '../../functions/domains/galleries/gallery-store';
import { getOrder } from '../../functions/domains/orders/order-store';
import { getPhoto, putPhoto, type PhotoStatus } from '../../functions/domains/galleries/photo-store';
import { s3 } from '../../functions/lib/s3';
import { objectKeys } from '#shared/platform/storage-layout';
import { signedPhotoUrls } from '../../functions/public-orders/photo-urls';
import { deriveImages } from '../../functions/resize/derive';
import { migrateObjectKeys, type MigrationResult } from '../../ops/migrate-object-keys/run';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { createGallery, jpeg, newSeller, type Seller } from '@shutterlane/harness/seller-tools-helpers';

const env = useTestStack();

const buckets = () => ({ originals: bucketsEnv().ORIGINALS_BUCKET, derived: bucketsEnv().DERIVED_BUCKET });

async function put(bucket: string, key: string, body: Buffer): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: body,
      ContentType: 'image/jpeg',
      CacheControl: 'private, max-age=31536000, immutable',
    }),
  );
}

async function bytes(bucket: string, key: string): Promise<Buffer> {
  const object = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

const exists = (bucket: string, key: string): Promise<boolean> =>
  s3()
    .send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
    .then(() => true)
    .catch(() => false);

/** Every object of both buckets whose key names the gallery, with its ETag: what a run may change. */
async function objectsOf(galleryId: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const [name, bucket] of Object.entries(buckets())) {
    let token: string | undefined;
    do {
      const page = await s3().send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      for (const object of page.Contents ?? [])
        if (object.Key!.includes(`/${galleryId}/`)) found[`${name}:${object.Key}`] = object.ETag!;
      token = page.NextContinuationToken;
    } while (token);
  }
  return found;
}

async function photo(seller: Seller, galleryId: string, photoId: string, status: PhotoStatus) {
  await putPhoto({
    galleryId,
    photoId,
    userId: seller.userId,
    status,
    quality: 'original',
    createdAt: new Date().toISOString(),
    ...(status === 'READY' && { width: 640, height: 480, processedAt: new Date().toISOString() }),
  });
}

async function waitUntilReady(galleryId: string, photoId: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await getPhoto(galleryId, photoId))?.status !== 'READY') {
    if (Date.now() > deadline) throw new Error(`${photoId} was not processed`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

async function run(dryRun: boolean): Promise<{ result: MigrationResult; output: string }> {
  let output = '';
  const result = await migrateObjectKeys({ dryRun }, { write: (text: string) => (output += text) });
  return { result, output };
}

const ofGallery = (result: MigrationResult, galleryId: string) => ({
  moved: result.moved.filter((o) => o.galleryId === galleryId).map((o) => `${o.bucket}:${o.newKey}`),
  left: result.left
    .filter((l) => l.object.galleryId === galleryId)
    .map((l) => `${l.object.key}: ${l.reason}`),
});

describe('npm run migrate:object-keys', () => {
  it('moves the objects of the earlier layout to the current keys, and a second run changes nothing', async () => {
    const seller = await newSeller(env);
    const galleryId = await createGallery(env, seller, 'Earlier layout');
    const { originals, derived } = buckets();
    const legacy = (photoId: string) => ({
      original: `${seller.userId}/${galleryId}/${photoId}`,
      thumbnail: `thumbnails/${seller.userId}/${galleryId}/${photoId}.jpg`,
      optimized: `optimized/${seller.userId}/${galleryId}/${photoId}.jpg`,
    });
    // A processed photo, its copies exactly what the resize trigger makes (it runs again on the move).
    const ready = 'legacyReady01';
    const original = await jpeg(1);
    const copies = await deriveImages(original);
    await photo(seller, galleryId, ready, 'READY');
    await put(originals, legacy(ready).original, original);
    await put(derived, legacy(ready).thumbnail, copies.thumbnail);
    await put(derived, legacy(ready).optimized, copies.optimized);
    // Uploaded after the deploy through a URL issued before it: at the earlier key, never processed.
    const late = 'legacyLate001';
    await photo(seller, galleryId, late, 'UPLOADING');
    await put(originals, legacy(late).original, await jpeg(2));
    // Files whose photo was deleted: nothing says whose they are, so an operator decides.
    const orphan = 'legacyOrphan1';
    await put(originals, legacy(orphan).original, await jpeg(3));
    const counted = (await getGallery(seller.userId, galleryId))!.photoCount;

    const before = await objectsOf(galleryId);
    const dry = await run(true);
    expect(ofGallery(dry.result, galleryId)).toEqual({
      moved: expect.arrayContaining([
        `originals:${objectKeys.original(galleryId, ready)}`,
        `originals:${objectKeys.original(galleryId, late)}`,
        `derived:${objectKeys.thumbnail(galleryId, ready)}`,
        `derived:${objectKeys.optimized(galleryId, ready)}`,
      ]),
      left: [`${legacy(orphan).original}: no photo record`],
    });
    expect(ofGallery(dry.result, galleryId).moved).toHaveLength(4);
    expect(dry.output).toContain(
      `would move originals ${legacy(ready).original} -> photos/${galleryId}/${ready}`,
    );
    expect(await objectsOf(galleryId)).toEqual(before);

    const done = await run(false);
    expect(ofGallery(done.result, galleryId)).toEqual(ofGallery(dry.result, galleryId));
    for (const key of [legacy(ready).original, legacy(late).original])
      expect(await exists(originals, key)).toBe(false);
    for (const key of [legacy(ready).thumbnail, legacy(ready).optimized])
      expect(await exists(derived, key)).toBe(false);
    expect(await exists(originals, legacy(orphan).original)).toBe(true);
    expect(await bytes(originals, objectKeys.original(galleryId, ready))).toEqual(original);
    const thumbnail = await s3().send(
      new HeadObjectCommand({ Bucket: derived, Key: objectKeys.thumbnail(galleryId, ready) }),
    );
    expect([thumbnail.ContentType, thumbnail.CacheControl]).toEqual([
      'image/jpeg',
      'private, max-age=31536000, immutable',
    ]);

    // The late upload is processed at its new key and counted once; the ready photo is not counted again.
    await waitUntilReady(galleryId, late);
    await expect.poll(async () => (await getGallery(seller.userId, galleryId))!.photoCount).toBe(counted + 1);
    expect(await exists(derived, objectKeys.thumbnail(galleryId, late))).toBe(true);

    // An order of the moved photos hands its customer working URLs.
    const template = (await getOrder(env.demo.orders.fulfilled.id))!;
    const order = { ...template, sellerId: seller.userId, galleryId, photoIds: [ready] };
    const { photoUrls } = await signedPhotoUrls(order, new Date());
    const download = await fetch(photoUrls[ready]!.url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(original);
    expect((await fetch(photoUrls[ready]!.thumbnailUrl!)).status).toBe(200);

    // Let the resize runs the copies set off finish (they rewrite the same bytes), then run again.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const settled = await objectsOf(galleryId);
    const again = await run(false);
    expect(ofGallery(again.result, galleryId)).toEqual({
      moved: [],
      left: [`${legacy(orphan).original}: no photo record`],
    });
    expect(again.result.moved).toEqual([]);
    expect(await objectsOf(galleryId)).toEqual(settled);
    expect((await getGallery(seller.userId, galleryId))!.photoCount).toBe(counted + 1);
  });
});
