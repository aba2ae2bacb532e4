/**
 * An event-sized public gallery through the local stack: the view answers a page at a time whatever the
 * gallery's size (totals, cursors bound to their gallery), photos withheld from customers are on no page,
 * and a preview not made yet is made on demand when the edge finds no object in the bucket.
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { previewKeyOf } from '#shared/contract/preview-paths';
import { PUBLIC_GALLERY_LIMITS } from '#shared/rules/public-gallery-limits';
import {
  PublicGalleryPage,
  PublicGalleryView,
  type PublishGalleryBody,
} from '#shared/schemas/public-gallery';
import { dynamo, tableName } from '../../functions/lib/dynamo';
import { bucketsEnv } from '../../functions/lib/env';
import { INVALID_PAGE_TOKEN } from '../../functions/lib/paging';
import { deleteObjects, headObject } from '../../functions/lib/s3';
import { addGeneratedPhotos } from '@shutterlane/harness/event-gallery';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { edgeOriginOf } from './public-gallery-helpers';
import { call, createGallery, newSeller, type Seller } from '@shutterlane/harness/seller-tools-helpers';

const COUNT = 250;
const env = useTestStack();
let seller: Seller;
let galleryId: string;
let publicId: string;
let photoIds: string[];

const publishBody: PublishGalleryBody = {
  published: true,
  settings: {
    title: 'Harbour marathon',
    pricing: { currency: 'GBP', perPhotoMinor: 0, bundles: [] },
    watermark: { kind: 'text', text: 'PROOF', position: 'center', opacity: 0.8 },
  },
  faceSearch: { enabled: false },
};

async function publishGallery(id: string): Promise<string> {
  const published = await call(env, seller, 'POST', `/galleries/${id}/public`, publishBody);
  expect(published.status).toBe(200);
  return published.body.publicId as string;
}

const view = async (id = publicId) =>
  PublicGalleryView.parse((await call(env, undefined, 'POST', `/public/galleries/${id}`, {})).body);
const page = (cursor: string, id = publicId) =>
  call(env, undefined, 'POST', `/public/galleries/${id}/photos`, { cursor });

/** Every photo the first page and the pages after it answer, in their order. */
async function walkPages(): Promise<string[]> {
  const first = await view();
  const seen = first.photos.map((photo) => photo.photoId);
  let cursor = first.nextCursor;
  while (cursor) {
    const next = await page(cursor);
    expect(next.status).toBe(200);
    const parsed = PublicGalleryPage.parse(next.body);
    seen.push(...parsed.photos.map((photo) => photo.photoId));
    cursor = parsed.nextCursor;
  }
  return seen;
}

beforeAll(async () => {
  seller = await newSeller(env);
  galleryId = await createGallery(env, seller, 'Marathon');
  photoIds = await addGeneratedPhotos(seller.userId, galleryId, COUNT, { copies: 3 });
  // A READY photo withheld from customers: no `shownSort`, so on no page (and none given by the walk).
  await dynamo().send(
    new PutCommand({
      TableName: tableName('photos'),
      Item: {
        galleryId,
        photoId: 'withheld-photo-0001',
        userId: seller.userId,
        status: 'READY',
        quality: 'original',
        createdAt: new Date().toISOString(),
        width: 10,
        height: 10,
        withheldAt: new Date().toISOString(),
      },
    }),
  );
  publicId = await publishGallery(galleryId);
}, 120_000);

describe('an event gallery a page at a time', () => {
  it('answers the first page, the total and a cursor; the next pages follow in upload order', async () => {
    // The photos' index is eventually consistent, as in AWS: the pages fill a moment after the writes.
    await expect.poll(walkPages, { timeout: 15_000 }).toEqual(photoIds);
    const first = await view();
    expect(first.totalPhotos).toBe(COUNT);
    expect(first.photos).toHaveLength(PUBLIC_GALLERY_LIMITS.pagePhotos);
  });

  it('keeps a page small whatever the gallery’s size', async () => {
    const answer = await fetch(`${env.demo.apiUrl}/public/galleries/${publicId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' },
      body: '{}',
    });
    expect(Buffer.byteLength(await answer.text())).toBeLessThan(60 * 1024);
  });

  it('refuses a cursor of another gallery, a tampered one and an empty one with a 400, changing nothing', async () => {
    const other = await createGallery(env, seller, 'Other');
    await addGeneratedPhotos(seller.userId, other, PUBLIC_GALLERY_LIMITS.pagePhotos + 1, { copies: 0 });
    const otherId = await publishGallery(other);
    await expect.poll(async () => (await view(otherId)).nextCursor, { timeout: 15_000 }).toBeDefined();
    const foreign = (await view(otherId)).nextCursor!;
    expect(await page(foreign)).toMatchObject({ status: 400, body: { message: INVALID_PAGE_TOKEN } });
    const own = (await view()).nextCursor!;
    const tampered = `${own.slice(0, -4)}${own.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect(await page(tampered)).toMatchObject({ status: 400, body: { message: INVALID_PAGE_TOKEN } });
    expect((await page('')).status).toBe(400);
  });

  it('gives a photo processed before galleries were paged its place when the gallery is published', async () => {
    const legacy = await createGallery(env, seller, 'Processed before');
    const [photoId] = await addGeneratedPhotos(seller.userId, legacy, 1, { copies: 1 });
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('photos'),
        Key: { galleryId: legacy, photoId },
        UpdateExpression: 'REMOVE shownSort',
      }),
    );
    const legacyId = await publishGallery(legacy);
    // Placed by the previews' walk, which the publishing queues (the queue's poller, on a busy machine).
    await expect
      .poll(async () => (await view(legacyId)).photos.map((photo) => photo.photoId), { timeout: 30_000 })
      .toEqual([photoId]);
  });

  it('makes a preview not made yet when the edge finds nothing in the bucket, and keeps it', async () => {
    const [photo] = (await view()).photos;
    const key = previewKeyOf(photo!.gridUrl);
    await deleteObjects(bucketsEnv().DERIVED_BUCKET, [key]);
    const answer = await fetch(`${edgeOriginOf(env)}${photo!.gridUrl}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).format).toBe('webp');
    expect(await headObject(bucketsEnv().DERIVED_BUCKET, key)).toBeDefined();
  });

  it('answers the same 404 for a photo withheld, unknown or without a copy, from the edge and the API alike', async () => {
    const { gridUrl } = (await view()).photos[0]!;
    const folder = gridUrl.split('/').slice(0, 5).join('/');
    for (const photoId of ['withheld-photo-0001', 'unknown-photo-0001', photoIds[COUNT - 1]!]) {
      expect((await fetch(`${edgeOriginOf(env)}${folder}/${photoId}/grid.webp`)).status, photoId).toBe(404);
      expect((await call(env, undefined, 'GET', `${folder}/${photoId}/grid.webp`)).status, photoId).toBe(404);
    }
  });
});
