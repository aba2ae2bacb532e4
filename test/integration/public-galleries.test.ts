/**
 * Public galleries through the local stack: the seller publishes with prices, a watermark
 * and face search; the faces function describes the photos already there; a customer browses watermarked
 * previews, finds their photos by a selfie's descriptor, and orders a pick at the server's price, whose
 * payment and refund the gallery's sales figures follow; unpublishing closes it all.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicGalleryErrors } from '#shared/texts/public-gallery-errors';
import { previewKeyOf } from '#shared/contract/preview-paths';
import {
  FaceSearchResponse,
  PublicGalleryAdmin,
  PublicGalleryView,
  type PublishGalleryBody,
} from '#shared/schemas/public-gallery';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../functions/lib/dynamo';
import type { OrderRecord } from '../../functions/domains/orders/order-store';
import { countedSalesMinor } from '../../functions/domains/orders/sales-counters';
import { fromMinorUnits } from '#shared/rules/money';
import { wasPaid } from '#shared/rules/order-status';
import { refundAsSeller } from '@shutterlane/stripe-emulator/testing';
import { checkoutCalls } from './checkout-helpers';
import { payCheckout, sellerAccountOf, stripeOf, waitForOrder } from './payments-helpers';
import { useTestStack } from '@shutterlane/harness/local-stack';
import {
  FOLDER_DELETED,
  edgeOriginOf,
  FACES,
  orderPick,
  searchBySelfie,
  waitForFaces,
  waitForDerivedObject,
} from './public-gallery-helpers';
import {
  call,
  createGallery,
  demoSeller,
  uploadFiles,
  waitForPhotos,
  type Seller,
} from '@shutterlane/harness/seller-tools-helpers';

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
const edgeOrigin = () => edgeOriginOf(env);
let pickOrderId: string;

/**
 * The figures from the public gallery's orders themselves (what the counters replace): every order,
 * those paid, and what customers paid and kept paid, as the seller's dashboard counts an order.
 */
async function salesFromOrders(sellerId: string, ofPublicId: string) {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName('orders'),
      IndexName: 'bySeller',
      KeyConditionExpression: 'sellerId = :seller',
      FilterExpression: 'publicId = :publicId',
      ExpressionAttributeValues: { ':seller': sellerId, ':publicId': ofPublicId },
    }),
  );
  const orders = Items as OrderRecord[];
  const keptMinor = orders.reduce((sum, order) => sum + countedSalesMinor(order), 0);
  return {
    orders: orders.length,
    paidOrders: orders.filter((order) => wasPaid(order.status)).length,
    revenue: fromMinorUnits(keptMinor, 'GBP'),
    currency: 'GBP',
  };
}

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

  it('shows the photos as watermarked previews only, made ahead and served by the edge, at most 1200 px', async () => {
    const view = PublicGalleryView.parse(
      (await call(env, undefined, 'POST', `/public/galleries/${publicId}`, {})).body,
    );
    expect(view).toMatchObject({ title: 'Harbour fun run', free: false, faceSearch: true, totalPhotos: 4 });
    expect(view.nextCursor).toBeUndefined();
    expect(view.photos.map((photo) => photo.photoId).sort()).toEqual([...photoIds].sort());
    // No link to the photos' own (unwatermarked) copies anywhere in the answer: only preview paths.
    expect(JSON.stringify(view)).not.toMatch(/thumbnails\/|optimized\/|photos\//);
    for (const photo of [...view.photos, view.cover!])
      for (const url of [photo.gridUrl, photo.fullUrl])
        expect(url).toMatch(
          new RegExp(`^/previews/${publicId}/open/[\\w-]{22}/${photo.photoId}/(grid|full)\\.webp$`),
        );
    // Made ahead of any visitor by the preview jobs (the bucket has it before anyone asks).
    await waitForDerivedObject(previewKeyOf(view.photos[0]!.fullUrl));
    const full = await fetch(`${edgeOrigin()}${view.photos[0]!.fullUrl}`);
    expect(full.status).toBe(200);
    expect(full.headers.get('cache-control')).toBe('public, max-age=86400, s-maxage=600');
    const image = await sharp(Buffer.from(await full.arrayBuffer())).metadata();
    expect(image.format).toBe('webp');
    expect(Math.max(image.width!, image.height!)).toBeLessThanOrEqual(1200);
  });

  it("finds the selfie's person, closest first, and no one else", async () => {
    const found = await searchBySelfie(env, publicId, 'lisa1.jpg');
    expect(found.status).toBe(200);
    const photos = FaceSearchResponse.parse(found.body).photos;
    expect(photos.map((photo) => photo.photoId).sort()).toEqual([photoIds[0], photoIds[1]].sort());
    // Each match with its previews (it may lie on a page the customer has not scrolled to), nothing else.
    expect(Object.keys(found.body)).toEqual(['photos']);
    for (const photo of photos)
      expect(Object.keys(photo).sort()).toEqual(['fullUrl', 'gridUrl', 'height', 'photoId', 'width']);
  }, 60_000);

  it('orders a pick at the price the rule gives (two photos: the bundle)', async () => {
    const ordered = await orderPick(env, publicId, { photoIds: [photoIds[0], photoIds[1]] });
    expect(ordered.status).toBe(201);
    const orderId = ordered.body.orderId as string;
    expect(ordered.body.url).toBe(`${env.demo.appUrl}/orders/${orderId}`);
    const order = await call(env, seller, 'GET', `/orders/${orderId}`);
    expect(order.body).toMatchObject({ total: 8, orderType: 'PAID_ORDER', photoCount: 2, galleryId });
    const twice = await orderPick(env, publicId, { photoIds: [photoIds[0], photoIds[0]] });
    expect(twice).toMatchObject({ status: 400, body: { message: publicGalleryErrors.duplicatePhotos } });
    // The seller's figures count it (not paid yet). They read the public gallery's counters, eventually
    // consistent as in AWS, so the order shows shortly.
    await expect
      .poll(async () => (await call(env, seller, 'GET', `/galleries/${galleryId}/public`)).body.sales)
      .toEqual({ orders: 1, paidOrders: 0, revenue: 0, currency: 'GBP' });
    pickOrderId = orderId;
  });

  it('shows sales equal to the sum of its orders once the pick is paid and partly refunded', async () => {
    const checked = await checkoutCalls(env).checkOrder(pickOrderId);
    expect(checked.status).toBe(200);
    await payCheckout(String(checked.body.stripeCheckoutUrl));
    const paid = await waitForOrder(pickOrderId, (o) => Boolean(o?.payment));
    await refundAsSeller(stripeOf(env), await sellerAccountOf(paid!), {
      payment_intent: paid?.paymentIntentId ?? '',
      amount: 300,
    });
    await waitForOrder(pickOrderId, (o) => o?.refundedMinor === 300);
    const sales = () => call(env, seller, 'GET', `/galleries/${galleryId}/public`).then((r) => r.body.sales);
    await expect.poll(sales).toEqual({ orders: 1, paidOrders: 1, revenue: 5, currency: 'GBP' });
    expect(await sales()).toEqual(await salesFromOrders(seller.userId, publicId));
  });

  it('asks for the PIN once one is set, and closes everything when unpublished', async () => {
    expect((await publish(settings({ settings: { ...settings().settings, pin: '246813' } }))).status).toBe(
      200,
    );
    const view = (pin?: string) => call(env, undefined, 'POST', `/public/galleries/${publicId}`, { pin });
    expect(await view()).toMatchObject({ status: 403, body: { message: publicGalleryErrors.pinRequired } });
    expect(await view('111111')).toMatchObject({
      status: 403,
      body: { message: publicGalleryErrors.wrongPin },
    });
    const before = PublicGalleryView.parse((await view('246813')).body);
    // A new PIN: a new preview folder; the one handed out with the old PIN goes.
    expect((await publish(settings({ settings: { ...settings().settings, pin: '135792' } }))).status).toBe(
      200,
    );
    const opened = PublicGalleryView.parse((await view('135792')).body);
    expect(opened.photos[0]!.gridUrl).not.toBe(before.photos[0]!.gridUrl);
    await expect
      .poll(async () => (await fetch(`${edgeOrigin()}${before.photos[0]!.gridUrl}`)).status, FOLDER_DELETED)
      .toBe(404);
    await waitForDerivedObject(previewKeyOf(opened.photos[0]!.gridUrl));
    expect((await fetch(`${edgeOrigin()}${opened.photos[0]!.gridUrl}`)).status).toBe(200);

    expect((await publish(settings({ published: false }))).status).toBe(200);
    expect(await view('135792')).toMatchObject({
      status: 404,
      body: { message: publicGalleryErrors.notFound },
    });
    // Unpublished: the previews are gone from the bucket, and the edge finds nothing there or at the API.
    await expect
      .poll(async () => (await fetch(`${edgeOrigin()}${opened.photos[0]!.gridUrl}`)).status, FOLDER_DELETED)
      .toBe(404);
    const search = await call(env, undefined, 'POST', `/public/galleries/${publicId}/search`, {
      pin: '135792',
      descriptor: new Array(128).fill(0),
    });
    expect(search.status).toBe(404);
  });
});
