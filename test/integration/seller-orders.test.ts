/**
 * Seller orders (create free and paid, payment acceptance required, list newest first, paged) and the
 * cross-seller walk: every route of the galleries, uploads and orders groups answers 404 for another
 * seller's ids.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { buildPath, routes, type RouteName } from '#shared/contract/routes';
import { SellerOrder, SellerOrderList } from '#shared/schemas/order';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { INVALID_PAGE_TOKEN } from '../../functions/lib/paging';
import { getUser } from '../../functions/domains/sellers/seller-store';
import { captchaToken, useTestStack } from '@shutterlane/harness/local-stack';
import { bodyFor, idRoutes } from '../support/seller-route-bodies';
import { checkoutCalls } from './checkout-helpers';
import {
  call,
  createGallery,
  demoSeller,
  jpeg,
  newSeller,
  uploadFiles,
  waitForPhotos,
  type Seller,
} from '@shutterlane/harness/seller-tools-helpers';

let owner: Seller;
let galleryId: string;
let photoIds: string[];
/** Orders this file made (the demo seller is shared by every file of the run). */
const madeHere: string[] = [];

const env = useTestStack();
beforeAll(async () => {
  owner = await demoSeller(env);
  galleryId = await createGallery(env, owner, 'Orders');
  photoIds = await uploadFiles(
    env,
    owner,
    galleryId,
    await Promise.all([1, 2, 3, 4].map(async (i) => ({ name: `p${i}.jpg`, body: await jpeg(i) }))),
  );
  await waitForPhotos(env, owner, galleryId, photoIds);
});

describe('seller orders', () => {
  it('creates a free order from selected photos that a customer can open', async () => {
    const ordersBefore = (await getUser(owner.userId))!.totalOrderCount ?? 0;
    const created = await call(env, owner, 'POST', '/orders', {
      galleryId,
      photoIds: photoIds.slice(0, 3),
      total: 0,
      customerEmail: 'guest@example.com',
    });
    expect(created.status).toBe(201);
    const order = SellerOrder.parse(created.body);
    madeHere.push(order.orderId);
    expect(order).toMatchObject({
      status: 'PENDING',
      orderType: 'FREE_ORDER',
      total: 0,
      currency: 'GBP',
      photoCount: 3,
      customerEmail: 'guest@example.com',
      url: `${env.demo.appUrl}/orders/${order.orderId}`,
    });
    const days = (Date.parse(order.expiresAt) - Date.parse(order.createdAt)) / 86_400_000;
    expect(days).toBe(30);
    expect((await getUser(owner.userId))!.totalOrderCount).toBe(ordersBefore + 1);

    const captcha = await captchaToken(env.stack.urls.captcha, CAPTCHA_ACTIONS.publicOrderCheck);
    const publicView = await call(env, undefined, 'POST', `/public/orders/${order.orderId}`, {
      captchaToken: captcha,
    });
    expect(publicView.status).toBe(200);
    expect((publicView.body.photos as unknown[]).length).toBe(3);
  });

  it('creates a paid order in GBP when payment acceptance is active', async () => {
    const created = await call(env, owner, 'POST', '/orders', {
      galleryId,
      photoIds: [photoIds[3]],
      total: 12.5,
    });
    expect(created.status).toBe(201);
    madeHere.push(SellerOrder.parse(created.body).orderId);
    expect(created.body).toMatchObject({
      orderType: 'PAID_ORDER',
      total: 12.5,
      currency: 'GBP',
      photoCount: 1,
    });
  });

  it('refuses a paid order without payment acceptance, and bad prices or photos', async () => {
    const other = await newSeller(env, { paymentAcceptanceEnabled: false });
    const ownGallery = await createGallery(env, other);
    const [photo] = await uploadFiles(env, other, ownGallery, [{ name: 'x.jpg', body: await jpeg(9) }]);
    await waitForPhotos(env, other, ownGallery, [photo!]);
    const paid = await call(env, other, 'POST', '/orders', {
      galleryId: ownGallery,
      photoIds: [photo],
      total: 5,
    });
    expect(paid).toMatchObject({ status: 409, body: { message: sellerToolErrors.paymentsNotActive } });
    const free = await call(env, other, 'POST', '/orders', {
      galleryId: ownGallery,
      photoIds: [photo],
      total: 0,
    });
    expect(free.status).toBe(201);

    const bad = async (body: object) =>
      (await call(env, owner, 'POST', '/orders', { galleryId, ...body })).body;
    expect(await bad({ photoIds: [photoIds[0]], total: 0.2 })).toEqual({
      message: sellerToolErrors.paidOrderMinimum,
    });
    expect(await bad({ photoIds: [photoIds[0]], total: 1.234 })).toEqual({
      message: sellerToolErrors.priceDecimals,
    });
    expect(await bad({ photoIds: [photoIds[0]], total: 5, currency: 'EUR' })).toEqual({
      message: sellerToolErrors.currencyNotSupported,
    });
    expect(await bad({ photoIds: [photoIds[0], photoIds[0]], total: 0 })).toEqual({
      message: sellerToolErrors.duplicatePhotos,
    });
    expect(await bad({ photoIds: [], total: 0 })).toEqual({ message: 'photoIds: Select at least one photo' });
    expect(await bad({ photoIds: [photoIds[0]], total: -1 })).toMatchObject({
      message: expect.stringContaining('total'),
    });
  });

  it('lists orders newest first, paged with an opaque token', async () => {
    const firstPage = async () =>
      SellerOrderList.parse((await call(env, owner, 'GET', '/orders?limit=2')).body);
    // The list reads the bySeller index, eventually consistent as in AWS: the newest order shows shortly.
    await expect.poll(async () => (await firstPage()).orders[0]?.orderId).toBe(madeHere[1]);
    const first = await firstPage();
    expect(first.orders).toHaveLength(2);
    expect(first.orders[0]!.createdAt >= first.orders[1]!.createdAt).toBe(true);
    expect(first.orders[0]).toMatchObject({ orderType: 'PAID_ORDER', total: 12.5 });
    const next = SellerOrderList.parse(
      (await call(env, owner, 'GET', `/orders?limit=2&nextToken=${encodeURIComponent(first.nextToken!)}`))
        .body,
    );
    expect(next.orders[0]!.createdAt <= first.orders[1]!.createdAt).toBe(true);
    const all = await everyOrder();
    // This file's four demo orders and the two made here (other files add theirs to the shared seller).
    const mine = new Set([...Object.values(env.demo.orders).map((o) => o.id), ...madeHere]);
    const listed = all.filter((order) => mine.has(order.orderId));
    expect(listed).toHaveLength(6);
    expect(listed.map((o) => o.status)).toContain('EXPIRED');
    const single = await call(env, owner, 'GET', `/orders/${listed[0]!.orderId}`);
    expect(single.body).toEqual(listed[0]);
  });

  it('lists the sales and the unpaid orders apart, each paged; a token pages on in its own list only', async () => {
    const seller = await newSeller(env);
    const gallery = await createGallery(env, seller);
    const photos = await uploadFiles(
      env,
      seller,
      gallery,
      await Promise.all([1, 2, 3].map(async (i) => ({ name: `v${i}.jpg`, body: await jpeg(i) }))),
    );
    await waitForPhotos(env, seller, gallery, photos);
    const made: string[] = [];
    for (const photoId of photos) {
      const created = await call(env, seller, 'POST', '/orders', {
        galleryId: gallery,
        photoIds: [photoId],
        total: 0,
      });
      made.push(String(created.body.orderId));
    }
    // The first is completed by its customer: a sale.
    const checkout = checkoutCalls(env);
    const validated = await checkout.validate(made[0]!, 'viewer@example.com');
    const sessionId = (validated.body.orderDetails as { sessionId: string }).sessionId;
    expect((await checkout.complete(made[0]!, sessionId)).body).toMatchObject({ status: 'FULFILLED' });

    const listOf = async (view: string) => {
      const ids: string[] = [];
      let token: string | undefined;
      do {
        const query = `view=${view}&limit=1${token ? `&nextToken=${encodeURIComponent(token)}` : ''}`;
        const page = SellerOrderList.parse((await call(env, seller, 'GET', `/orders?${query}`)).body);
        ids.push(...page.orders.map((order) => order.orderId));
        token = page.nextToken;
      } while (token);
      return ids;
    };
    // Index reads lag, as in AWS: each list shows its orders shortly.
    await expect.poll(() => listOf('sales')).toEqual([made[0]]);
    await expect.poll(() => listOf('unpaid')).toEqual([made[2], made[1]]);

    const unpaid = SellerOrderList.parse(
      (await call(env, seller, 'GET', '/orders?view=unpaid&limit=1')).body,
    );
    const elsewhere = await call(
      env,
      seller,
      'GET',
      `/orders?view=sales&nextToken=${encodeURIComponent(unpaid.nextToken!)}`,
    );
    expect(elsewhere).toMatchObject({ status: 400, body: { message: INVALID_PAGE_TOKEN } });
    expect((await call(env, seller, 'GET', '/orders?view=refunds')).status).toBe(400);
  });
});

/** Every page of the owner's orders. */
async function everyOrder() {
  const orders: SellerOrder[] = [];
  let token: string | undefined;
  do {
    const query = `limit=100${token ? `&nextToken=${encodeURIComponent(token)}` : ''}`;
    const page = SellerOrderList.parse((await call(env, owner, 'GET', `/orders?${query}`)).body);
    orders.push(...page.orders);
    token = page.nextToken;
  } while (token);
  return orders;
}

describe('another seller', () => {
  /** The gallery read with everything it can add, so that no part of the answer leaks either. */
  const QUERIES: Partial<Record<RouteName, string>> = {
    getGallery: '?includeUrls=true&includeThumbnails=true',
  };

  it('gets 404 from every route for the owner’s gallery, photo and order ids, and sees none of them in lists', async () => {
    const intruder = await newSeller(env, {
      paymentAcceptanceEnabled: true,
      chargesEnabled: true,
      stripeAccountId: 'acct_x',
    });
    const order = SellerOrderList.parse((await call(env, owner, 'GET', '/orders?limit=1')).body).orders[0]!;
    const ids = {
      galleryId,
      photoId: photoIds[0]!,
      orderId: order.orderId,
      personId: 'someone-hidden',
      memberId: 'someone',
    };
    const groupRoutes = (Object.keys(routes) as RouteName[]).filter((name) =>
      ['galleries', 'uploads', 'orders'].includes(routes[name].group),
    );
    // Every route that names one of the owner's ids; the others read or make the caller's own.
    expect(groupRoutes.filter((name) => !idRoutes.includes(name)).sort()).toEqual([
      'createGallery',
      'exportSales',
      'listGalleries',
      'listOrders',
      'orderActivity',
      'salesSummary',
    ]);
    // Named in the query, the owner's order reads as nothing counted.
    const activity = await call(env, intruder, 'GET', `/order-activity?orderIds=${ids.orderId}`);
    expect(activity).toMatchObject({ status: 200, body: { activity: {} } });
    for (const name of groupRoutes.filter((route) => idRoutes.includes(route))) {
      const route = routes[name];
      const path = buildPath(route.path, ids) + (QUERIES[name] ?? '');
      const answer = await call(env, intruder, route.method, path, bodyFor(name, ids, 'x1'));
      expect([name, answer.status]).toEqual([name, 404]);
    }
    // The same with the spec's userId parameter naming the owner on the intruder's own gallery.
    const own = await createGallery(env, intruder);
    const named = await call(
      env,
      intruder,
      'POST',
      `/galleries/${own}/photos/thumbnails?userId=${owner.userId}`,
      {
        photoIds: [ids.photoId],
      },
    );
    expect(named.status).toBe(404);
    // And the owner's photo through the intruder's own gallery.
    expect(
      (await call(env, intruder, 'GET', `/galleries/${own}/photos/${ids.photoId}/download`)).status,
    ).toBe(404);
    expect(
      (await call(env, intruder, 'POST', '/orders', { galleryId: own, photoIds: [ids.photoId], total: 0 }))
        .status,
    ).toBe(404);

    const lists = [
      await call(env, intruder, 'GET', '/galleries'),
      await call(env, intruder, 'GET', '/orders'),
    ];
    expect(JSON.stringify(lists.map((l) => l.body))).not.toContain(galleryId);
    expect(JSON.stringify(lists.map((l) => l.body))).not.toContain(order.orderId);
    // Nothing changed for the owner.
    expect((await call(env, owner, 'GET', `/galleries/${galleryId}`)).body).toMatchObject({
      albumName: 'Orders',
      photoCount: 4,
    });
  });

  it('refuses every route without a token', async () => {
    for (const name of [
      'listGalleries',
      'createGallery',
      'createUploads',
      'createOrder',
      'listOrders',
    ] as const) {
      const route = routes[name];
      const answer = await call(
        env,
        undefined,
        route.method,
        buildPath(route.path, { galleryId }),
        route.method === 'GET' ? undefined : {},
      );
      expect([name, answer.status]).toEqual([name, 401]);
    }
  });
});
