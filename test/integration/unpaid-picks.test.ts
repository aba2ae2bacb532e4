/**
 * Customers' picks in a public gallery through the local stack and the Stripe emulator: a pick waits an
 * hour for its payment, its Checkout Session ends with it, and until paid it holds nothing and counts in
 * no figure. Deleting a photo (or the gallery) ends the unpaid picks that name it, their sessions expired
 * at Stripe, and the deletion goes through; a payment that lands after the photo went is refunded in
 * full. A paid pick holds its photos for their download period. An unpaid paid extension ends as a pick
 * does. The seller sees sales and unpaid orders apart and cancels an unpaid one (another seller cannot).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { PICK_ORDER_CHECKOUT_MINUTES } from '#shared/rules/constants';
import { serverErrors } from '#shared/texts/errors';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { SellerOrderList, type PublicOrder, type SellerOrderView } from '#shared/schemas/order';
import type { PublishGalleryBody } from '#shared/schemas/public-gallery';
import { dynamo, tableName } from '../../functions/lib/dynamo';
import { getGallery } from '../../functions/domains/galleries/gallery-store';
import { getOrder, type OrderRecord } from '../../functions/domains/orders/order-store';
import { getPhoto } from '../../functions/domains/galleries/photo-store';
import { getUser } from '../../functions/domains/sellers/seller-store';
import { publicGalleryScope } from '../../functions/domains/orders/sales-counters';
import {
  createOnboardedAccount,
  settleDelayedPayment,
  submitBacsDebitPage,
} from '@shutterlane/stripe-emulator/testing';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { checkoutCalls, uniqueEmail } from './checkout-helpers';
import { countedFigures, eventually, payCheckout, stripeOf, waitForOrder } from './payments-helpers';
import { orderPick } from './public-gallery-helpers';
import {
  call,
  createGallery,
  jpeg,
  newSeller,
  uploadFiles,
  waitForPhotos,
  type Seller,
} from '@shutterlane/harness/seller-tools-helpers';

const env = useTestStack();
const DAY_MS = 24 * 60 * 60 * 1000;
let calls: ReturnType<typeof checkoutCalls>;
let seller: Seller;
let account: string;

const settings = (free = false): PublishGalleryBody => ({
  published: true,
  settings: {
    title: 'Regatta 2026',
    pricing: { currency: 'GBP', perPhotoMinor: free ? 0 : 450, bundles: [] },
    watermark: { kind: 'text', text: 'Regatta', position: 'center', opacity: 0.5 },
  },
  faceSearch: { enabled: false },
});

/** A published public gallery of the seller's with `count` new photos. */
async function publicGallery(count: number, free = false) {
  const galleryId = await createGallery(env, seller, 'Regatta');
  const files = await Promise.all(
    Array.from({ length: count }, async (_, i) => ({ name: `r${i}.jpg`, body: await jpeg(i) })),
  );
  const photoIds = await uploadFiles(env, seller, galleryId, files);
  await waitForPhotos(env, seller, galleryId, photoIds);
  const published = await call(env, seller, 'POST', `/galleries/${galleryId}/public`, settings(free));
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return { galleryId, photoIds, publicId: String(published.body.publicId) };
}

/** A customer's pick, checked at once as the page does: the stored order and its session, if paid. */
async function checkedPick(publicId: string, photoIds: string[]) {
  const ordered = await orderPick(env, publicId, { photoIds });
  expect(ordered.status, JSON.stringify(ordered.body)).toBe(201);
  const orderId = String(ordered.body.orderId);
  const checked = await calls.checkOrder(orderId);
  expect(checked.status, JSON.stringify(checked.body)).toBe(200);
  const session = { id: String(checked.body.sessionId), url: String(checked.body.stripeCheckoutUrl) };
  return { orderId, order: (await getOrder(orderId))!, session };
}

const listed = async (view: SellerOrderView, as: Seller = seller): Promise<string[]> =>
  SellerOrderList.parse((await call(env, as, 'GET', `/orders?view=${view}&limit=100`)).body).orders.map(
    (order) => order.orderId,
  );

/** Index reads lag behind writes, as in AWS: waits until the seller's list of `view` has the orders. */
const inList = (view: SellerOrderView, orderIds: string[]) =>
  eventually(
    () => listed(view),
    (ids) => orderIds.every((id) => ids.includes(id)),
  );

/**
 * As if a deletion's index read had not caught up with the pick yet (index reads lag, as in AWS): the
 * pick is taken out of the seller's lists, and the test waits until the index no longer shows it.
 */
async function unseenByTheIndex(orderId: string) {
  // The index lists the order first: else its listing could still be on its way and land after the
  // removal's wait below had passed, so the deletion would see the order after all.
  await inList('unpaid', [orderId]);
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('orders'),
      Key: { orderId },
      UpdateExpression: 'REMOVE sellerView',
    }),
  );
  await eventually(
    () => listed('unpaid'),
    (ids) => !ids.includes(orderId),
  );
}

const sessionOf = (sessionId: string) =>
  stripeOf(env).checkout.sessions.retrieve(sessionId, {}, { stripeAccount: account });

const customerSees = async (orderId: string): Promise<PublicOrder> =>
  (await calls.checkOrder(orderId)).body as unknown as PublicOrder;

const orderCount = async () => (await getUser(seller.userId))?.totalOrderCount ?? 0;

const refundsOf = async (paymentIntentId: string) =>
  (await stripeOf(env).refunds.list({ payment_intent: paymentIntentId }, { stripeAccount: account })).data;

/**
 * The refund's `charge.refunded` was answered 2xx by our webhook: the order, which will never record that
 * payment, does not make Stripe retry it for days.
 */
async function refundEventSettled(paymentIntent: string) {
  const event = await eventually(
    async () =>
      (await stripeOf(env).events.list({ type: 'charge.refunded', limit: 100 })).data.find(
        (candidate) =>
          (candidate.data.object as { payment_intent?: string }).payment_intent === paymentIntent,
      ),
    Boolean,
  );
  const ours = `${env.demo.apiUrl}/webhooks/stripe`;
  await eventually(
    async () =>
      (
        (await (await fetch(`${env.stack.urls.stripe}/__control/webhook-deliveries`)).json()) as {
          data: { eventId: string; url: string; status?: number }[];
        }
      ).data.filter((attempt) => attempt.eventId === event!.id && attempt.url === ours),
    (attempts) => attempts.some((attempt) => attempt.status === 200),
  );
}

const endedBecausePhotosWent = {
  status: 'EXPIRED',
  statusReason: 'PHOTOS_REMOVED',
  cancelledAt: expect.any(String),
};

beforeAll(async () => {
  calls = checkoutCalls(env);
  const onboarded = await createOnboardedAccount(stripeOf(env), 'picks@example.com', { bacsDebit: true });
  account = onboarded.id;
  seller = await newSeller(env, {
    plan: 'advanced',
    stripeAccountId: account,
    chargesEnabled: true,
    paymentAcceptanceEnabled: true,
  });
});

describe('an unpaid pick', () => {
  it('waits an hour for its payment, its Checkout Session ends with it, and it holds and counts nothing', async () => {
    const { galleryId, photoIds, publicId } = await publicGallery(2);
    const ordersBefore = await orderCount();
    const { orderId, order, session } = await checkedPick(publicId, photoIds);
    expect(Date.parse(order.expiresAt) - Date.parse(order.createdAt)).toBe(
      PICK_ORDER_CHECKOUT_MINUTES * 60 * 1000,
    );
    expect((await sessionOf(session.id)).expires_at).toBe(Math.floor(Date.parse(order.expiresAt) / 1000));
    // Nothing is held: the photos and the gallery can go at any time.
    for (const photoId of photoIds) expect((await getPhoto(galleryId, photoId))?.heldUntil).toBeUndefined();
    expect((await getGallery(seller.userId, galleryId))?.heldUntil).toBeUndefined();
    expect(await orderCount()).toBe(ordersBefore);
    // The seller sees it among the unpaid orders, as made in the public gallery and cancellable.
    await inList('unpaid', [orderId]);
    expect(await listed('sales')).not.toContain(orderId);
    const view = (await call(env, seller, 'GET', `/orders/${orderId}`)).body;
    expect(view).toMatchObject({ fromPublicGallery: true, cancellable: true, status: 'PENDING' });
  });

  it('ends when a photo it names is deleted: its session expires, the photo goes, other picks stay', async () => {
    const { galleryId, photoIds, publicId } = await publicGallery(2);
    const naming = await checkedPick(publicId, [photoIds[0]!]);
    const other = await checkedPick(publicId, [photoIds[1]!]);
    await inList('unpaid', [naming.orderId, other.orderId]);

    const deleted = await call(env, seller, 'DELETE', `/galleries/${galleryId}/photos/${photoIds[0]}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    expect(await getPhoto(galleryId, photoIds[0]!)).toBeUndefined();
    expect(await getOrder(naming.orderId)).toMatchObject(endedBecausePhotosWent);
    expect((await sessionOf(naming.session.id)).status).toBe('expired');
    await expect(payCheckout(naming.session.url)).rejects.toThrow();
    expect(await customerSees(naming.orderId)).toMatchObject({
      status: 'EXPIRED',
      statusReason: 'PHOTOS_REMOVED',
    });
    expect((await getOrder(other.orderId))?.status).toBe('PENDING');
    expect((await sessionOf(other.session.id)).status).toBe('open');
  });

  it('ends with its gallery, and the gallery goes', async () => {
    const { galleryId, photoIds, publicId } = await publicGallery(2);
    const picks = [await checkedPick(publicId, [photoIds[0]!]), await checkedPick(publicId, photoIds)];
    await inList(
      'unpaid',
      picks.map((pick) => pick.orderId),
    );
    expect((await call(env, seller, 'DELETE', `/galleries/${galleryId}`)).status).toBe(204);
    expect(await getGallery(seller.userId, galleryId)).toBeUndefined();
    for (const pick of picks) {
      expect(await getOrder(pick.orderId)).toMatchObject(endedBecausePhotosWent);
      expect((await sessionOf(pick.session.id)).status).toBe('expired');
    }
  });
});

describe('an unpaid paid extension', () => {
  it('ends like a pick when a photo it names is deleted, its session expired', async () => {
    const { galleryId, photoIds, publicId } = await publicGallery(1);
    const { orderId, session } = await checkedPick(publicId, photoIds);
    await payCheckout(session.url);
    await waitForOrder(orderId, (o) => o?.status === 'FULFILLED');
    // Its download period over long ago (and the holds it took with it), with an extension on offer.
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('orders'),
        Key: { orderId },
        UpdateExpression: 'SET fulfilledAt = :ended, extensionPriceMinor = :price',
        ExpressionAttributeValues: {
          ':ended': new Date(Date.now() - 40 * DAY_MS).toISOString(),
          ':price': 300,
        },
      }),
    );
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('photos'),
        Key: { galleryId, photoId: photoIds[0] },
        UpdateExpression: 'REMOVE heldUntil',
      }),
    );
    const bought = await fetch(`${env.demo.apiUrl}/public/orders/${orderId}/extension`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ captchaToken: await calls.token('public_order_check') }),
    });
    expect(bought.status).toBe(201);
    const extensionId = ((await bought.json()) as { orderId: string }).orderId;
    const checked = await calls.checkOrder(extensionId);
    const extensionSession = String(checked.body.sessionId);
    await inList('unpaid', [extensionId]);

    const deleted = await call(env, seller, 'DELETE', `/galleries/${galleryId}/photos/${photoIds[0]}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    expect(await getOrder(extensionId)).toMatchObject(endedBecausePhotosWent);
    expect((await sessionOf(extensionSession)).status).toBe('expired');
  });
});

describe('a paid pick', () => {
  it('holds its photos for their download period, counts once, and is a sale', async () => {
    const { galleryId, photoIds, publicId } = await publicGallery(1);
    const ordersBefore = await orderCount();
    const { orderId, session } = await checkedPick(publicId, photoIds);
    await payCheckout(session.url);
    const paid = await waitForOrder(orderId, (o) => o?.status === 'FULFILLED');
    const heldUntil = (await getPhoto(galleryId, photoIds[0]!))?.heldUntil;
    expect(Date.parse(String(heldUntil))).toBe(Date.parse(paid!.fulfilledAt!) + 30 * DAY_MS);
    const refused = await call(env, seller, 'DELETE', `/galleries/${galleryId}/photos/${photoIds[0]}`);
    expect(refused).toMatchObject({ status: 409, body: { message: sellerToolErrors.photoInOpenOrder } });
    expect(await orderCount()).toBe(ordersBefore + 1);
    await inList('sales', [orderId]);
    expect(await listed('unpaid')).not.toContain(orderId);
    const cancel = await call(env, seller, 'POST', `/orders/${orderId}/cancel`, {});
    expect(cancel).toMatchObject({ status: 409, body: { message: sellerToolErrors.orderNotCancellable } });
  });

  it('is refunded in full when its delayed payment lands after the photo was deleted, and the customer told', async () => {
    const { galleryId, photoIds, publicId } = await publicGallery(1);
    const ordersBefore = await orderCount();
    const { orderId, session } = await checkedPick(publicId, photoIds);
    expect((await submitBacsDebitPage(session.url)).status).toBe(303);
    await waitForOrder(orderId, (o) => o?.status === 'PROCESSING');
    await inList('unpaid', [orderId]);
    // The seller deletes the photo while the bank debit is on its way: the pick ends, the photo goes.
    expect((await call(env, seller, 'DELETE', `/galleries/${galleryId}/photos/${photoIds[0]}`)).status).toBe(
      204,
    );
    expect(await getOrder(orderId)).toMatchObject(endedBecausePhotosWent);

    const settled = await settleDelayedPayment(env.stack.urls.stripe, session.id, 'succeeded');
    const paymentIntent = String(settled.payment_intent);
    const [refund] = await eventually(
      () => refundsOf(paymentIntent),
      (refunds) => refunds.length > 0,
    );
    expect(refund).toMatchObject({ amount: 450, status: 'succeeded', reason: null });
    await refundEventSettled(paymentIntent);
    const ended = await waitForOrder(orderId, (o) => (o?.duplicatePaymentsRefunded?.size ?? 0) > 0);
    expect(ended).toMatchObject(endedBecausePhotosWent);
    expect(await customerSees(orderId)).toMatchObject({ status: 'EXPIRED', statusReason: 'PHOTOS_REMOVED' });
    expect(await orderCount()).toBe(ordersBefore);
  });

  it('is refunded when the deletion could not see it yet, and holds the rest of the gallery only briefly', async () => {
    const { galleryId, photoIds, publicId } = await publicGallery(2);
    const { orderId, session } = await checkedPick(publicId, photoIds);
    await unseenByTheIndex(orderId);
    expect((await call(env, seller, 'DELETE', `/galleries/${galleryId}/photos/${photoIds[1]}`)).status).toBe(
      204,
    );
    expect((await getOrder(orderId))?.status).toBe('PENDING');

    await payCheckout(session.url);
    const ended = await waitForOrder(orderId, (o) => (o?.duplicatePaymentsRefunded?.size ?? 0) > 0);
    expect(ended).toMatchObject(endedBecausePhotosWent);
    const [paymentIntent] = [...ended!.duplicatePaymentsRefunded!];
    expect(await refundsOf(paymentIntent!)).toEqual([expect.objectContaining({ amount: 900, reason: null })]);
    await refundEventSettled(paymentIntent!);
    // What the payment held before finding the photo gone lapses within minutes, not a month.
    const soon = Date.now() + 11 * 60 * 1000;
    expect(Date.parse(String((await getPhoto(galleryId, photoIds[0]!))?.heldUntil))).toBeLessThan(soon);
    expect(Date.parse(String((await getGallery(seller.userId, galleryId))?.heldUntil))).toBeLessThan(soon);
  });
});

describe('a free pick', () => {
  it('counts once completed; one whose photo went meanwhile ends instead of completing', async () => {
    const { galleryId, photoIds, publicId } = await publicGallery(2, true);
    const ordersBefore = await orderCount();
    const free = await orderPick(env, publicId, { photoIds: [photoIds[0]] });
    const freeId = String(free.body.orderId);
    const validated = await calls.validate(freeId, uniqueEmail('free-pick'));
    const sessionId = (validated.body.orderDetails as { sessionId: string }).sessionId;
    expect((await calls.complete(freeId, sessionId)).body).toMatchObject({ status: 'FULFILLED' });
    expect(await orderCount()).toBe(ordersBefore + 1);

    const gone = await orderPick(env, publicId, { photoIds: [photoIds[1]] });
    const goneId = String(gone.body.orderId);
    const goneSession = (
      (await calls.validate(goneId, uniqueEmail('free-pick'))).body.orderDetails as { sessionId: string }
    ).sessionId;
    // The photo goes before the customer completes, the deletion not seeing the pick yet.
    await unseenByTheIndex(goneId);
    expect((await call(env, seller, 'DELETE', `/galleries/${galleryId}/photos/${photoIds[1]}`)).status).toBe(
      204,
    );
    expect(await calls.complete(goneId, goneSession)).toEqual({
      status: 410,
      body: { message: serverErrors.orderCancelled },
    });
    expect(await getOrder(goneId)).toMatchObject(endedBecausePhotosWent);
    expect(await orderCount()).toBe(ordersBefore + 1);
  });
});

describe("the seller's cancel", () => {
  it('ends an unpaid order and its session, and its link says so; another seller’s cancel is a 404', async () => {
    const { publicId, photoIds } = await publicGallery(1);
    const { orderId, session } = await checkedPick(publicId, photoIds);
    const before: OrderRecord | undefined = await getOrder(orderId);

    const other = await newSeller(env);
    const foreign = await call(env, other, 'POST', `/orders/${orderId}/cancel`, {});
    expect(foreign).toMatchObject({ status: 404, body: { message: sellerToolErrors.orderNotFound } });
    expect(await getOrder(orderId)).toEqual(before);
    expect((await sessionOf(session.id)).status).toBe('open');

    const cancelled = await call(env, seller, 'POST', `/orders/${orderId}/cancel`, {});
    expect(cancelled).toMatchObject({
      status: 200,
      body: { orderId, status: 'EXPIRED', statusReason: 'CANCELLED', cancellable: false },
    });
    expect((await sessionOf(session.id)).status).toBe('expired');
    await expect(payCheckout(session.url)).rejects.toThrow();
    expect(await customerSees(orderId)).toMatchObject({ status: 'EXPIRED', statusReason: 'CANCELLED' });
    expect(await call(env, seller, 'POST', `/orders/${orderId}/cancel`, {})).toMatchObject({
      status: 409,
      body: { message: sellerToolErrors.orderNotCancellable },
    });
    // It stays among the unpaid orders, cancelled, and is counted cancelled once (the 409 counted nothing).
    await inList('unpaid', [orderId]);
    expect(await countedFigures(publicGalleryScope(publicId))).toMatchObject({
      ordersCancelled: 1,
      ordersPaid: 0,
    });
  });

  it("keeps the holds a seller's own order recorded", async () => {
    const galleryId = await createGallery(env, seller, 'Own order');
    const [photoId] = await uploadFiles(env, seller, galleryId, [{ name: 'own.jpg', body: await jpeg(7) }]);
    await waitForPhotos(env, seller, galleryId, [photoId!]);
    const created = await call(env, seller, 'POST', '/orders', { galleryId, photoIds: [photoId], total: 5 });
    expect(created.status).toBe(201);
    const orderId = String(created.body.orderId);
    const heldUntil = (await getPhoto(galleryId, photoId!))?.heldUntil;
    expect(created.body).toMatchObject({ fromPublicGallery: false, cancellable: true });

    expect((await call(env, seller, 'POST', `/orders/${orderId}/cancel`, {})).status).toBe(200);
    expect((await getPhoto(galleryId, photoId!))?.heldUntil).toBe(heldUntil);
    expect((await call(env, seller, 'DELETE', `/galleries/${galleryId}/photos/${photoId}`)).status).toBe(409);
  });
});
