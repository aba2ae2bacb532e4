/**
 * Public galleries through the local stack (issue 16): the seller publishes with prices, a watermark
 * and face search; the faces function describes the photos already there; a customer browses watermarked previews, finds their
 * photos by a selfie's descriptor, and orders a pick at the server's price; unpublishing closes it all.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicGalleryErrors } from '#shared/public-gallery-errors';
import {
  PublicGalleryAdmin,
  PublicGalleryView,
  type PublishGalleryBody,
} from '#shared/schemas/public-gallery';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../functions/lib/dynamo';
import { useTestStack } from '../support/local-stack';
import { FACES, searchBySelfie, waitForFaces } from './public-gallery-helpers';
import {
  call,
  createGallery,
  demoSeller,
  uploadFiles,
  waitForPhotos,
  type Seller,
} from './seller-tools-helpers';

/** lisa1 is the selfie; lisa2 and lisa3 are her photos in the gallery, the others two strangers. */
const GALLERY_FILES = ['lisa2.jpg', 'lisa3.jpg', 'london-001-smiling.jpg', 'london-004-smiling.jpg'];

const env = useTestStack();
let seller: Seller;
let galleryId: string;
let photoIds: string[];

const settings = (change: Partial<PublishGalleryBody> = {}): PublishGalleryBody => ({
  published: true,
  settings: {
    title: 'Harbour fun run',
    eventDate: '2026-06-01',
    pricing: { currency: 'GBP', perPhotoMinor: 500, bundles: [{ photos: 2, priceMinor: 800 }] },
    watermark: { kind: 'text', text: 'Harbour Photos', position: 'tiled', opacity: 0.6 },
  },
  faceSearch: { enabled: true, basis: "The event's terms tell runners about face search" },
  ...change,
});

const publish = (body: PublishGalleryBody) =>
  call(env, seller, 'POST', `/galleries/${galleryId}/public`, body);

let publicId: string;

beforeAll(async () => {
  seller = await demoSeller(env);
  galleryId = await createGallery(env, seller, 'Fun run');
  const files = await Promise.all(
    GALLERY_FILES.map(async (name) => ({ name, body: await readFile(path.join(FACES, name)) })),
  );
  photoIds = await uploadFiles(env, seller, galleryId, files);
  await waitForPhotos(env, seller, galleryId, photoIds);
}, 60_000);

describe('public galleries', () => {
  it('publishes, and switching the search on looks for faces in the photos already there', async () => {
    const published = await publish(settings());
    expect(published.status).toBe(200);
    const admin = PublicGalleryAdmin.parse(published.body);
    expect(admin).toMatchObject({ published: true, hasPin: false, closed: false });
    expect(admin.url).toBe(`${env.demo.appUrl}/g/${admin.publicId}`);
    publicId = admin.publicId!;
    expect((await waitForFaces(env, seller, galleryId, 4)).faceSearch.photosIndexed).toBe(4);
  }, 90_000);

  it("expires the face data with the gallery: a new end date moves every photo's expiry", async () => {
    const expiries = async () => {
      const { Items } = await dynamo().send(
        new QueryCommand({
          TableName: tableName('faces'),
          KeyConditionExpression: 'galleryId = :g',
          ExpressionAttributeValues: { ':g': galleryId },
          ConsistentRead: true,
        }),
      );
      return [...new Set((Items ?? []).map((item) => item.expiresAtEpoch as number | undefined))];
    };
    expect(await expiries()).toEqual([undefined]);
    const later = settings();
    later.settings.endDate = '2099-12-31';
    expect((await publish(later)).status).toBe(200);
    expect(await expiries()).toEqual([Date.parse('2100-01-01T00:00:00Z') / 1000]);
    expect((await publish(settings())).status).toBe(200);
    expect(await expiries()).toEqual([undefined]);
  });

  it('shows the photos as watermarked previews only, at most 1200 px', async () => {
    const view = PublicGalleryView.parse(
      (await call(env, undefined, 'POST', `/public/galleries/${publicId}`, {})).body,
    );
    expect(view).toMatchObject({ title: 'Harbour fun run', free: false, faceSearch: true });
    expect(view.photos.map((photo) => photo.photoId).sort()).toEqual([...photoIds].sort());
    const answer = JSON.stringify(view);
    // No link to the photos' own (unwatermarked) copies anywhere in the answer: the grid's links go
    // through the preview route, and the cover's, signed, name its watermarked previews.
    expect(answer).not.toMatch(/thumbnails\/|optimized\/|photos\//);
    for (const url of [view.cover!.gridUrl, view.cover!.fullUrl])
      expect(new URL(url).pathname).toMatch(
        new RegExp(`/previews/${galleryId}/[\\w-]+\\.(grid|full)\\.webp$`),
      );
    const full = await fetch(`${env.demo.apiUrl}${view.photos[0]!.fullUrl.replace(/^\/api/, '')}`, {
      redirect: 'manual',
    });
    expect(full.status).toBe(302);
    const location = full.headers.get('location')!;
    expect(location).toContain(`previews/${galleryId}/`);
    const image = await sharp(Buffer.from(await (await fetch(location)).arrayBuffer())).metadata();
    expect(image.format).toBe('webp');
    expect(Math.max(image.width!, image.height!)).toBeLessThanOrEqual(1200);
  });

  it("finds the selfie's person, closest first, and no one else", async () => {
    const found = await searchBySelfie(env, publicId, 'lisa1.jpg');
    expect(found.status).toBe(200);
    expect([...(found.body.photoIds as string[])].sort()).toEqual([photoIds[0], photoIds[1]].sort());
    expect(Object.keys(found.body)).toEqual(['photoIds']);
  }, 60_000);

  it('orders a pick at the price the rule gives (two photos: the bundle)', async () => {
    const ordered = await call(env, undefined, 'POST', `/public/galleries/${publicId}/orders`, {
      photoIds: [photoIds[0], photoIds[1]],
    });
    expect(ordered.status).toBe(201);
    const orderId = ordered.body.orderId as string;
    expect(ordered.body.url).toBe(`${env.demo.appUrl}/orders/${orderId}`);
    const order = await call(env, seller, 'GET', `/orders/${orderId}`);
    expect(order.body).toMatchObject({ total: 8, orderType: 'PAID_ORDER', photoCount: 2, galleryId });
    const twice = await call(env, undefined, 'POST', `/public/galleries/${publicId}/orders`, {
      photoIds: [photoIds[0], photoIds[0]],
    });
    expect(twice).toMatchObject({ status: 400, body: { message: publicGalleryErrors.duplicatePhotos } });
    // The seller's figures count it (not paid yet). They read the bySeller index from the public gallery's
    // creation on; index reads are eventually consistent, as in AWS, so the order shows shortly.
    await expect
      .poll(async () => (await call(env, seller, 'GET', `/galleries/${galleryId}/public`)).body.sales)
      .toEqual({ orders: 1, paidOrders: 0, revenue: 0, currency: 'GBP' });
  });

  it('asks for the PIN once one is set, and closes everything when unpublished', async () => {
    expect((await publish(settings({ settings: { ...settings().settings, pin: '2468' } }))).status).toBe(200);
    const view = (pin?: string) => call(env, undefined, 'POST', `/public/galleries/${publicId}`, { pin });
    expect(await view()).toMatchObject({ status: 403, body: { message: publicGalleryErrors.pinRequired } });
    expect(await view('1111')).toMatchObject({
      status: 403,
      body: { message: publicGalleryErrors.wrongPin },
    });
    const opened = PublicGalleryView.parse((await view('2468')).body);
    const tokenless = opened.photos[0]!.gridUrl.replace(/&t=[^&]+/, '').replace(/^\/api/, '');
    expect((await fetch(`${env.demo.apiUrl}${tokenless}`, { redirect: 'manual' })).status).toBe(404);

    expect((await publish(settings({ published: false }))).status).toBe(200);
    expect(await view('2468')).toMatchObject({
      status: 404,
      body: { message: publicGalleryErrors.notFound },
    });
    const search = await call(env, undefined, 'POST', `/public/galleries/${publicId}/search`, {
      pin: '2468',
      descriptor: new Array(128).fill(0),
    });
    expect(search.status).toBe(404);
  });
});
