/**
 * Faces as their own job, through the local stack as deployed (the faces queue and the faces function's
 * event source come from the synthesized template, with its IAM): a photo uploaded to a gallery whose
 * face search is on is announced by the resize and described by the faces function; switching the
 * search on for a gallery with photos walks them page by page (the suite stacks read
 * TEST_PHOTO_WALK_PAGE_SIZE photos a step) and describes every one, and no original is ever copied or
 * rewritten on the way.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublishGalleryBody } from '#shared/schemas/public-gallery';
import { dynamo, tableName } from '../../functions/lib/dynamo';
import { bucketsEnv } from '../../functions/lib/env';
import { walkStepMarker } from '../../functions/domains/galleries/photo-walk';
import { faceSearchProgress } from '../../functions/domains/faces/face-store';
import { getPhotos } from '../../functions/domains/galleries/photo-store';
import { getPublicGallery } from '../../functions/domains/public-galleries/public-gallery-store';
import { s3 } from '../../functions/lib/s3';
import { objectKeys } from '#shared/platform/storage-layout';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { TEST_PHOTO_WALK_PAGE_SIZE } from '@shutterlane/harness/template-settings';
import { FACES, searchBySelfie, waitForFaces } from './public-gallery-helpers';
import {
  call,
  createGallery,
  demoSeller,
  uploadFiles,
  waitForPhotos,
  type Seller,
} from '@shutterlane/harness/seller-tools-helpers';

const env = useTestStack();
let seller: Seller;

beforeAll(async () => {
  seller = await demoSeller(env);
});

const searching = (enabled: boolean): PublishGalleryBody => ({
  published: true,
  settings: {
    title: 'Harbour swim',
    pricing: { currency: 'GBP', perPhotoMinor: 0, bundles: [] },
    watermark: { kind: 'text', text: 'Harbour Photos', position: 'tiled', opacity: 0.6 },
  },
  faceSearch: enabled ? { enabled: true, basis: "The event's terms tell swimmers" } : { enabled: false },
});

const publish = async (galleryId: string, body: PublishGalleryBody) => {
  const answer = await call(env, seller, 'POST', `/galleries/${galleryId}/public`, body);
  expect(answer.status).toBe(200);
  return answer.body as { publicId: string };
};

/** Small photos without faces, each a little different. */
const plainPhotos = (count: number) =>
  Promise.all(
    Array.from({ length: count }, async (_, n) => ({
      name: `plain-${n}.jpg`,
      body: await sharp({
        create: { width: 96, height: 64, channels: 3, background: { r: 30 * n, g: 90, b: 160 } },
      })
        .jpeg()
        .toBuffer(),
    })),
  );

/** What a copy onto itself (or any write) would change about an original. */
async function originalState(galleryId: string, photoId: string) {
  const head = await s3().send(
    new HeadObjectCommand({
      Bucket: bucketsEnv().ORIGINALS_BUCKET,
      Key: objectKeys.original(galleryId, photoId),
    }),
  );
  return { etag: head.ETag, lastModified: head.LastModified?.toISOString(), metadata: head.Metadata };
}

describe('faces as their own job', () => {
  it('describes a photo uploaded to a gallery whose search is on, through the faces queue', async () => {
    const galleryId = await createGallery(env, seller, 'Faces on upload');
    const { publicId } = await publish(galleryId, searching(true));
    const body = await readFile(path.join(FACES, 'lisa2.jpg'));
    const [photoId] = await uploadFiles(env, seller, galleryId, [{ name: 'lisa2.jpg', body }]);
    await waitForPhotos(env, seller, galleryId, [photoId!]);
    const admin = await waitForFaces(env, seller, galleryId, 1);
    expect(admin.faceSearch).toMatchObject({ photosIndexed: 1, photosNotDescribed: 0 });
    const found = await searchBySelfie(env, publicId, 'lisa1.jpg');
    expect((found.body.photos as { photoId: string }[]).map((photo) => photo.photoId)).toEqual([photoId]);
  }, 90_000);

  it('switched on for a gallery of several pages, queues every READY photo in batches and describes each once, copying no original', async () => {
    const count = 2 * TEST_PHOTO_WALK_PAGE_SIZE + 1;
    const galleryId = await createGallery(env, seller, 'Faces walked');
    const photoIds = await uploadFiles(env, seller, galleryId, await plainPhotos(count));
    await waitForPhotos(env, seller, galleryId, photoIds);
    const before = await Promise.all(photoIds.map((id) => originalState(galleryId, id)));
    const processedBefore = (await getPhotos(galleryId, photoIds)).map((p) => [p.photoId, p.processedAt]);

    const { publicId } = await publish(galleryId, searching(true));
    const admin = await waitForFaces(env, seller, galleryId, count);
    expect(admin.faceSearch).toMatchObject({ photosIndexed: count, photosNotDescribed: 0 });
    expect(await faceSearchProgress(galleryId)).toEqual({ described: count, failed: 0 });

    // The walk took one step per page, each once: the first from the start, the others after a cursor.
    const startedAt = (await getPublicGallery(publicId))!.faceSearch.enabledAt!;
    const sorted = [...photoIds].sort();
    const cursors = [
      undefined,
      sorted[TEST_PHOTO_WALK_PAGE_SIZE - 1],
      sorted[2 * TEST_PHOTO_WALK_PAGE_SIZE - 1],
    ];
    for (const after of cursors) {
      const marker = walkStepMarker({ walkId: `faces:${startedAt}`, galleryId, ...(after && { after }) });
      const { Item } = await dynamo().send(
        new GetCommand({ TableName: tableName('events'), Key: { eventId: marker }, ConsistentRead: true }),
      );
      expect(Item?.state, marker).toBe('DONE');
    }

    // No original was copied or rewritten, and no photo was processed again.
    expect(await Promise.all(photoIds.map((id) => originalState(galleryId, id)))).toEqual(before);
    expect((await getPhotos(galleryId, photoIds)).map((p) => [p.photoId, p.processedAt])).toEqual(
      expect.arrayContaining(processedBefore),
    );
  }, 120_000);

  it('switched off, deletes the face data; on again, walks the photos afresh', async () => {
    const galleryId = await createGallery(env, seller, 'Faces off and on');
    const photoIds = await uploadFiles(env, seller, galleryId, await plainPhotos(2));
    await waitForPhotos(env, seller, galleryId, photoIds);
    await publish(galleryId, searching(true));
    await waitForFaces(env, seller, galleryId, 2);
    await publish(galleryId, searching(false));
    expect(await faceSearchProgress(galleryId)).toEqual({ described: 0, failed: 0 });
    await publish(galleryId, searching(true));
    expect((await waitForFaces(env, seller, galleryId, 2)).faceSearch.photosIndexed).toBe(2);
  }, 90_000);
});
