/**
 * Disputes of orders paid by card (S30), through the local stack: Stripe's dispute test card
 * (4000 0000 0000 0259) is disputed right after paying, on the seller's connected account. While open,
 * the photos are withheld (409, nothing signed) and the customer and seller see DISPUTED; won, access
 * comes back for the rest of its period; lost, it ends (REFUNDED, DISPUTE_LOST) and the sale leaves the
 * dashboard once, however often the events come. The sales counters of the order's gallery and public
 * gallery count the dispute when it opens and its outcome when decided, once each.
 */
import { describe, expect, it } from 'vitest';
import { serverErrors } from '#shared/texts/errors';
import { getOrder } from '../../functions/domains/orders/order-store';
import { TEST_CARDS, closeDispute, disputeOfPayment } from '@shutterlane/stripe-emulator/testing';
import { useTestStack } from '@shutterlane/harness/local-stack';
import {
  control,
  eventually,
  figuresOf,
  movedBetween,
  payNewOrder,
  salesOf,
  stripeOf,
  testPublicId,
  usePaymentsSuite,
  waitForOrder,
} from './payments-helpers';
import { call } from '@shutterlane/harness/seller-tools-helpers';

const env = useTestStack();
const suite = usePaymentsSuite(env);

/** A paid order whose payment the bank disputes at once, with its open dispute. */
async function disputedOrder(totalMinor: number, publicId?: string) {
  const paid = await payNewOrder(env, {
    totalMinor,
    card: TEST_CARDS.disputed,
    ...(publicId && { publicId }),
  });
  const order = await waitForOrder(paid.order.orderId, (o) => o?.status === 'DISPUTED');
  const dispute = await disputeOfPayment(stripeOf(env), paid.account, order?.paymentIntentId ?? '');
  return { ...paid, order: order!, dispute };
}

/** Every dispute event of a dispute, as Stripe keeps them. */
async function disputeEvents(disputeId: string) {
  const events = await stripeOf(env).events.list({ limit: 100 });
  return events.data.filter(
    (event) =>
      event.type.startsWith('charge.dispute.') && (event.data.object as { id: string }).id === disputeId,
  );
}

describe('an open dispute', () => {
  it('withholds the photos and says why, without moving the dashboard', async () => {
    const salesBefore = await salesOf((await getOrder(env.demo.orders.paid.id))!.sellerId);
    const { order, dispute } = await disputedOrder(1200);
    expect(order).toMatchObject({ statusReason: 'DISPUTE_OPEN', disputeId: dispute.id });
    expect(await suite.calls.fulfilledPhotos(order.orderId)).toEqual({
      status: 409,
      body: { message: serverErrors.orderDisputed },
    });
    expect((await suite.calls.checkOrder(order.orderId)).body).toMatchObject({
      status: 'DISPUTED',
      statusReason: 'DISPUTE_OPEN',
      photos: [],
    });
    expect((await call(env, suite.seller, 'GET', `/orders/${order.orderId}`)).body).toMatchObject({
      status: 'DISPUTED',
      statusReason: 'DISPUTE_OPEN',
    });
    // The sale stays counted while the dispute is open (the payment was made).
    await eventually(
      () => salesOf(order.sellerId),
      (sales) => sales === salesBefore + 1200,
    );
  });
});

describe('a dispute won', () => {
  it('gives the photos back, and a late opening event does not take them away again', async () => {
    const { order, dispute } = await disputedOrder(1300, testPublicId());
    const salesAfterPayment = await eventually(
      () => salesOf(order.sellerId),
      () => true,
    );
    const opened = await figuresOf(order);
    expect(opened.publicGallery).toMatchObject({
      ordersPaid: 1,
      grossMinor: 1300,
      disputesOpened: 1,
      disputedMinor: 1300,
      disputesWon: 0,
    });
    await closeDispute(env.stack.urls.stripe, dispute.id, 'won');
    const won = await waitForOrder(order.orderId, (o) => o?.status === 'FULFILLED');
    expect(won).toMatchObject({ statusReason: 'DISPUTE_WON', disputeOutcome: 'won' });
    expect((await suite.calls.fulfilledPhotos(order.orderId)).status).toBe(200);
    expect((await suite.calls.checkOrder(order.orderId)).body).toMatchObject({
      status: 'FULFILLED',
      statusReason: 'DISPUTE_WON',
    });

    const created = (await disputeEvents(dispute.id)).find(
      (event) => event.type === 'charge.dispute.created',
    );
    const wonBack = { disputesWon: 1, disputeWonMinor: 1300 };
    const decided = await figuresOf(order);
    expect(movedBetween(opened.publicGallery, decided.publicGallery)).toEqual(wonBack);
    expect(movedBetween(opened.gallery, decided.gallery)).toEqual(wonBack);
    await control(env, `/events/${created?.id}/resend`);
    for (const event of await disputeEvents(dispute.id)) await control(env, `/events/${event.id}/resend`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await getOrder(order.orderId))?.status).toBe('FULFILLED');
    expect(await salesOf(order.sellerId)).toBe(salesAfterPayment);
    expect(await figuresOf(order)).toEqual(decided);
  });
});

describe('a dispute lost', () => {
  it('ends access and takes the sale off the dashboard once', async () => {
    const { order, dispute } = await disputedOrder(1400);
    await eventually(
      () => getOrder(order.orderId),
      (o) => (o?.pendingSalesOps?.size ?? 0) === 0,
    );
    const salesBefore = await salesOf(order.sellerId);
    await closeDispute(env.stack.urls.stripe, dispute.id, 'lost');
    const lost = await waitForOrder(order.orderId, (o) => o?.status === 'REFUNDED');
    expect(lost).toMatchObject({ statusReason: 'DISPUTE_LOST', disputeOutcome: 'lost' });
    expect(await suite.calls.fulfilledPhotos(order.orderId)).toEqual({
      status: 410,
      body: { message: serverErrors.orderRefunded },
    });
    expect((await suite.calls.checkOrder(order.orderId)).body).toMatchObject({
      status: 'REFUNDED',
      statusReason: 'DISPUTE_LOST',
    });
    await eventually(
      () => salesOf(order.sellerId),
      (sales) => sales === salesBefore - 1400,
    );

    for (const event of await disputeEvents(dispute.id)) await control(env, `/events/${event.id}/resend`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await getOrder(order.orderId))?.status).toBe('REFUNDED');
    expect(await salesOf(order.sellerId)).toBe(salesBefore - 1400);
  });
});
