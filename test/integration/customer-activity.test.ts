/**
 * What customers did, as counts only, through the local stack: opening an order link (the one call a page
 * open makes, not the order check), the page's batched count call (photos viewed, downloads), a public
 * gallery's openings and selfie searches, a pick and its payment (the sales counters' own counts), and
 * what the seller reads: per order link for a page of the orders list, and as the public gallery's funnel.
 * A bad count call answers 400 and changes nothing; an unknown id 404.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { serverErrors } from '#shared/texts/errors';
import { publicGalleryErrors } from '#shared/texts/public-gallery-errors';
import { OrderActivityList } from '#shared/schemas/activity';
import { PublicGalleryAdmin, type PublishGalleryBody } from '#shared/schemas/public-gallery';
import { newOrderId } from '../../functions/lib/ids';
import { addActivity } from '../../functions/domains/activity/activity-store';
import { captchaToken, useTestStack } from '@shutterlane/harness/local-stack';
import { call, createGallery, demoSeller, type Seller } from '@shutterlane/harness/seller-tools-helpers';
import { checkoutCalls, freshOrder, postJson } from './checkout-helpers';
import { payCheckout, waitForOrder } from './payments-helpers';
import { orderPick, searchBySelfie, uploadFacePhotos, waitForFaces } from './public-gallery-helpers';

const env = useTestStack();
let seller: Seller;

/** The page's count call, as the beacon sends it (a JSON string); 204 answers no body. */
async function count(body: unknown): Promise<{ status: number; body?: unknown }> {
  const response = await fetch(`${env.demo.apiUrl}/public/activity`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, ...(text && { body: JSON.parse(text) as unknown }) };
}
const openOrder = async (orderId: string) =>
  postJson(`${env.demo.apiUrl}/public/orders/${orderId}/open`, {
    captchaToken: await captchaToken(env.stack.urls.captcha, CAPTCHA_ACTIONS.publicOrderCheck),
  });
const orderActivity = async (orderIds: string[]) => {
  const answer = await call(env, seller, 'GET', `/order-activity?orderIds=${orderIds.join(',')}`);
  expect(answer.status).toBe(200);
  return OrderActivityList.parse(answer.body).activity;
};

beforeAll(async () => {
  seller = await demoSeller(env);
});

describe('what customers did with an order link', () => {
  it('counts each page open and the counts the page sends; the seller reads them for a page of orders', async () => {
    const order = await freshOrder(env);
    const untouched = await freshOrder(env);
    // Nothing counted yet: nothing answered (the page shows zeros).
    expect(await orderActivity([order.orderId, untouched.orderId])).toEqual({});

    expect((await openOrder(order.orderId)).status).toBe(200);
    expect((await openOrder(order.orderId)).status).toBe(200);
    // The order check ('Access Photos', 'Try Again') is a step of an opened page: not an opening.
    expect((await checkoutCalls(env).checkOrder(order.orderId)).status).toBe(200);
    const sent = await count({
      kind: 'order',
      id: order.orderId,
      counts: { photoViews: 3, singleDownloads: 1, zipDownloads: 1 },
    });
    expect(sent.status).toBe(204);
    expect((await count({ kind: 'order', id: order.orderId, counts: { photoViews: 2 } })).status).toBe(204);

    expect(await orderActivity([order.orderId, untouched.orderId])).toEqual({
      [order.orderId]: { opened: 2, photoViews: 5, singleDownloads: 1, zipDownloads: 1 },
    });
  });

  it('refuses a bad count call with 400 and an unknown id with 404, counting nothing', async () => {
    const order = await freshOrder(env);
    const bad = [
      { kind: 'order', id: order.orderId, counts: { photoViews: 501 } },
      { kind: 'order', id: order.orderId, counts: { photoViews: -1 } },
      { kind: 'order', id: order.orderId, counts: { photoViews: 1.5 } },
      { kind: 'order', id: order.orderId, counts: { opened: 1 } },
      { kind: 'gallery', id: order.orderId, counts: { zipDownloads: 1 } },
      { kind: 'visitor', id: order.orderId, counts: {} },
      { id: order.orderId, counts: { photoViews: 1 } },
      'not json',
    ];
    for (const body of bad) expect((await count(body)).status, JSON.stringify(body)).toBe(400);
    expect(await count({ kind: 'order', id: newOrderId(), counts: { photoViews: 1 } })).toEqual({
      status: 404,
      body: { message: serverErrors.orderNotFound },
    });
    expect(await count({ kind: 'gallery', id: 'no-such-gallery', counts: { photoViews: 1 } })).toEqual({
      status: 404,
      body: { message: publicGalleryErrors.notFound },
    });
    expect(await orderActivity([order.orderId])).toEqual({});
  });

  it("never answers another seller's counts", async () => {
    const theirs = newOrderId();
    await addActivity({ kind: 'order', id: theirs }, 'another-seller', { opened: 4 });
    const mine = await freshOrder(env);
    expect((await openOrder(mine.orderId)).status).toBe(200);
    expect(await orderActivity([theirs, mine.orderId])).toEqual({
      [mine.orderId]: { opened: 1, photoViews: 0, singleDownloads: 0, zipDownloads: 0 },
    });
  });
});

/** The gallery's public settings, open to customers or not. */
const publishing = (published: boolean): PublishGalleryBody => ({
  published,
  settings: {
    title: 'Activity run',
    pricing: { currency: 'GBP', perPhotoMinor: 400, bundles: [] },
    watermark: { kind: 'text', text: 'Proof', position: 'tiled', opacity: 0.5 },
  },
  faceSearch: { enabled: true, basis: "The event's terms tell runners about face search" },
});

describe("what customers did in a public gallery: the seller's funnel", () => {
  let galleryId: string;
  let publicId: string;
  let photoIds: string[];
  const admin = async () =>
    PublicGalleryAdmin.parse((await call(env, seller, 'GET', `/galleries/${galleryId}/public`)).body);

  beforeAll(async () => {
    galleryId = await createGallery(env, seller, 'Activity run');
    photoIds = await uploadFacePhotos(env, seller, galleryId, ['lisa2.jpg', 'london-001-smiling.jpg']);
    const published = await call(env, seller, 'POST', `/galleries/${galleryId}/public`, publishing(true));
    expect(published.status).toBe(200);
    publicId = PublicGalleryAdmin.parse(published.body).publicId!;
    await waitForFaces(env, seller, galleryId, 2);
  }, 120_000);

  it('starts at zero, then counts openings, views, selfie searches, a pick and its payment', async () => {
    expect((await admin()).activity).toEqual({
      opened: 0,
      photoViews: 0,
      selfieSearches: 0,
      picks: 0,
      paid: 0,
    });
    for (let i = 0; i < 3; i++)
      expect((await call(env, undefined, 'POST', `/public/galleries/${publicId}`, {})).status).toBe(200);
    expect((await count({ kind: 'gallery', id: publicId, counts: { photoViews: 7 } })).status).toBe(204);
    expect((await searchBySelfie(env, publicId, 'lisa1.jpg')).status).toBe(200);
    expect((await searchBySelfie(env, publicId, 'lisa1.jpg')).status).toBe(200);
    const picked = await orderPick(env, publicId, { photoIds: [photoIds[0]] });
    expect(picked.status).toBe(201);
    await expect
      .poll(async () => (await admin()).activity)
      .toEqual({
        opened: 3,
        photoViews: 7,
        selfieSearches: 2,
        picks: 1,
        paid: 0,
      });

    const pickOrderId = String(picked.body.orderId);
    const checked = await checkoutCalls(env).checkOrder(pickOrderId);
    await payCheckout(String(checked.body.stripeCheckoutUrl));
    await waitForOrder(pickOrderId, (order) => order?.status === 'FULFILLED');
    await expect.poll(async () => (await admin()).activity.paid).toBe(1);
    // The paid count is the sales counters' own: the funnel and the sales figures agree.
    expect((await admin()).sales.paidOrders).toBe(1);
  }, 60_000);

  it('counts nothing for a gallery closed to customers (404)', async () => {
    const before = (await admin()).activity;
    const unpublished = await call(env, seller, 'POST', `/galleries/${galleryId}/public`, publishing(false));
    expect(unpublished.status).toBe(200);
    expect(await count({ kind: 'gallery', id: publicId, counts: { photoViews: 1 } })).toEqual({
      status: 404,
      body: { message: publicGalleryErrors.notFound },
    });
    expect((await admin()).activity).toEqual(before);
  });
});
