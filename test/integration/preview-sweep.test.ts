/**
 * The daily sweep of watermarked previews, through the local stack: a sweep message on the preview jobs
 * queue (what the EventBridge schedule sends in AWS; nothing local runs schedules) is consumed by the
 * preview jobs function as deployed, which removes every folder no customer can be shown (an older
 * access of an open gallery, a past closing, a gallery that no longer exists) and keeps the one its
 * links point at; once the gallery's end date has passed, its last folder goes too.
 */
import { randomBytes } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { previewKeyOf } from '#shared/contract/preview-paths';
import { PublicGalleryAdmin, PublicGalleryView } from '#shared/schemas/public-gallery';
import { dynamo, tableName } from '../../functions/lib/dynamo';
import { bucketsEnv } from '../../functions/lib/env';
import { SWEEP_START } from '#shared/platform/schedules';
import { headObject, writeObject } from '../../functions/lib/s3';
import { sendToQueue } from '../../functions/lib/sqs';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { eventually } from './payments-helpers';
import { edgeOriginOf, FOLDER_DELETED, waitForDerivedObject } from './public-gallery-helpers';
import {
  call,
  createGallery,
  demoSeller,
  jpeg,
  uploadFiles,
  waitForPhotos,
} from '@shutterlane/harness/seller-tools-helpers';

const env = useTestStack();
let publicId: string;
let currentKey: string;
let currentPath: string;

const secret = () => randomBytes(16).toString('base64url').slice(0, 22);
const exists = async (key: string) => (await headObject(bucketsEnv().DERIVED_BUCKET, key)) !== undefined;
const putPreview = (key: string) =>
  writeObject(bucketsEnv().DERIVED_BUCKET, key, Buffer.from('stale preview'), { contentType: 'image/webp' });

beforeAll(async () => {
  const seller = await demoSeller(env);
  const galleryId = await createGallery(env, seller, 'Sweep');
  const photoIds = await uploadFiles(env, seller, galleryId, [{ name: 'a.jpg', body: await jpeg(3) }]);
  await waitForPhotos(env, seller, galleryId, photoIds);
  const published = await call(env, seller, 'POST', `/galleries/${galleryId}/public`, {
    published: true,
    settings: {
      title: 'Sweep run',
      eventDate: '2026-06-01',
      pricing: { currency: 'GBP', perPhotoMinor: 500, bundles: [] },
      watermark: { kind: 'text', text: 'Sweep', position: 'tiled', opacity: 0.6 },
    },
    faceSearch: { enabled: false },
  });
  expect(published.status).toBe(200);
  publicId = PublicGalleryAdmin.parse(published.body).publicId!;
  // The photo is given its place among the shown ones just after it is READY, and the gallery's index
  // lists it a moment later (index reads lag, as in DynamoDB).
  const view = await eventually(
    async () =>
      PublicGalleryView.parse((await call(env, undefined, 'POST', `/public/galleries/${publicId}`, {})).body),
    (shown) => shown.photos.length === 1,
  );
  currentPath = view.photos[0]!.gridUrl;
  currentKey = previewKeyOf(currentPath);
  await waitForDerivedObject(currentKey);
}, 90_000);

describe('the preview sweep', () => {
  it("removes an open gallery's older folders, past closings and galleries gone; keeps the current folder", async () => {
    // `/previews/{publicId}/{closes}/{secret}/{photoId}/grid.webp`
    const parts = currentPath.split('/');
    const closes = parts[3]!;
    const photo = parts.slice(5).join('/');
    const stale = [
      `previews/${publicId}/${closes}/${secret()}/${photo}`, // an older watermark, PIN or publishing
      `previews/${publicId}/1700000000/${secret()}/${photo}`, // an end date long past
      `previews/gone${randomBytes(6).toString('hex')}/open/${secret()}/${photo}`, // a gallery deleted
    ];
    await Promise.all(stale.map(putPreview));
    for (const key of stale) expect(await exists(key)).toBe(true);

    await sendToQueue('previewJobs', SWEEP_START);

    for (const key of stale) await expect.poll(() => exists(key), FOLDER_DELETED).toBe(false);
    expect(await exists(currentKey)).toBe(true);
    expect((await fetch(`${edgeOriginOf(env)}${currentPath}`)).status).toBe(200);
  });

  it("removes the last folder once the gallery's end date has passed", async () => {
    // Time passing, as the table would show it: the end date moved into the past.
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('publicGalleries'),
        Key: { publicId },
        UpdateExpression: 'SET settings.endDate = :past',
        ExpressionAttributeValues: { ':past': '2020-01-01' },
      }),
    );
    await sendToQueue('previewJobs', SWEEP_START);
    await expect.poll(() => exists(currentKey), FOLDER_DELETED).toBe(false);
    // Not remade on a miss: the preview route refuses a closed gallery.
    expect((await fetch(`${edgeOriginOf(env)}${currentPath}`)).status).toBe(404);
    expect(await exists(currentKey)).toBe(false);
  });
});
