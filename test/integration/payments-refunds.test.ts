/**
 * Refunds of orders paid by card (S30), through the local stack with the emulator: the seller refunds on
 * their connected account (as from their Stripe Dashboard) and `charge.refunded` reaches our Connect
 * endpoint. A full refund ends access: the photos API refuses with 410 and signs nothing, the customer's
 * order says REFUNDED and why, the seller's list shows it; a partial refund keeps the photos and records
 * the amount. The dashboard's sales follow, once per event however often it is delivered, and so do
 * the sales counters of the order's gallery and public gallery.
 */
import { describe, expect, it } from 'vitest';
import { serverErrors } from '#shared/texts/errors';
import { SellerOrder } from '#shared/schemas/order';
import { getOrder } from '../../functions/domains/orders/order-store';
import { refundAsSeller } from '@shutterlane/stripe-emulator/testing';
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

const sellerView = async (orderId: string) =>
  SellerOrder.parse((await call(env, suite.seller, 'GET', `/orders/${orderId}`)).body);

/** The `charge.refunded` events of a payment intent, newest first. */
async function refundEvents(paymentIntentId: string) {
  const events = await stripeOf(env).events.list({ type: 'charge.refunded', limit: 100 });
  return events.data.filter(
    (event) => (event.data.object as { payment_intent?: string }).payment_intent === paymentIntentId,
  );
}

describe('a full refund', () => {
  it('ends access to the photos, tells the customer and the suite.seller, and takes the sale off the dashboard', async () => {
    const { order, account } = await payNewOrder(env, { totalMinor: 1500 });
    const before = await suite.calls.fulfilledPhotos(order.orderId);
    expect(before.status).toBe(200);
    const salesBefore = await salesOf(order.sellerId);

    await refundAsSeller(stripeOf(env), account, { payment_intent: order.paymentIntentId ?? '' });
    const refunded = await waitForOrder(order.orderId, (o) => o?.status === 'REFUNDED');
    expect(refunded).toMatchObject({ refundedMinor: 1500, statusReason: 'REFUNDED' });

    const photos = await suite.calls.fulfilledPhotos(order.orderId);
    expect(photos).toEqual({ status: 410, body: { message: serverErrors.orderRefunded } });
    const customer = await suite.calls.checkOrder(order.orderId);
    expect(customer.body).toMatchObject({ status: 'REFUNDED', statusReason: 'REFUNDED', photos: [] });
    expect(customer.body.nextStep).toBeUndefined();
    expect(await sellerView(order.orderId)).toMatchObject({ status: 'REFUNDED', refunded: 15 });
    await eventually(
      () => salesOf(order.sellerId),
      (sales) => sales === salesBefore - 1500,
    );
  });
});

describe('a partial refund', () => {
  it('keeps the order FULFILLED and records what was refunded, each refund counted once', async () => {
    const { order, account } = await payNewOrder(env, { totalMinor: 2000 });
    const salesBefore = await salesOf(order.sellerId);
    const stripe = stripeOf(env);
    await refundAsSeller(stripe, account, { payment_intent: order.paymentIntentId ?? '', amount: 500 });
    await waitForOrder(order.orderId, (o) => o?.refundedMinor === 500);
    await refundAsSeller(stripe, account, { payment_intent: order.paymentIntentId ?? '', amount: 300 });
    const stored = await waitForOrder(order.orderId, (o) => o?.refundedMinor === 800);
    expect(stored).toMatchObject({ status: 'FULFILLED', statusReason: 'PARTIALLY_REFUNDED' });
    // That the photos stay available and the customer sees the partial refund is S30's.
    expect(await sellerView(order.orderId)).toMatchObject({
      status: 'FULFILLED',
      statusReason: 'PARTIALLY_REFUNDED',
      total: 20,
      refunded: 8,
    });
    await eventually(
      () => salesOf(order.sellerId),
      (sales) => sales === salesBefore - 800,
    );

    // Stripe delivers again (and out of order): the first refund's event reports less; nothing moves.
    const events = await refundEvents(order.paymentIntentId ?? '');
    expect(events).toHaveLength(2);
    for (const event of [...events, ...events]) await control(env, `/events/${event.id}/resend`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await getOrder(order.orderId))?.refundedMinor).toBe(800);
    expect(await salesOf(order.sellerId)).toBe(salesBefore - 800);
  });

  it('becomes a full refund once the rest is refunded, each refund counted once on the counters', async () => {
    const { order, account } = await payNewOrder(env, { totalMinor: 1000, publicId: testPublicId() });
    const paid = await figuresOf(order);
    expect(paid.publicGallery).toMatchObject({
      ordersPlaced: 1,
      ordersPaid: 1,
      grossMinor: 1000,
      refundedMinor: 0,
    });
    const stripe = stripeOf(env);
    await refundAsSeller(stripe, account, { payment_intent: order.paymentIntentId ?? '', amount: 400 });
    await waitForOrder(order.orderId, (o) => o?.refundedMinor === 400);
    const partly = await figuresOf(order);
    expect(movedBetween(paid.publicGallery, partly.publicGallery)).toEqual({ refundedMinor: 400 });
    expect(movedBetween(paid.gallery, partly.gallery)).toEqual({ refundedMinor: 400 });
    await refundAsSeller(stripe, account, { payment_intent: order.paymentIntentId ?? '' });
    const stored = await waitForOrder(order.orderId, (o) => o?.status === 'REFUNDED');
    expect(stored?.refundedMinor).toBe(1000);
    expect((await suite.calls.fulfilledPhotos(order.orderId)).status).toBe(410);
    const full = await figuresOf(order);
    expect(movedBetween(paid.publicGallery, full.publicGallery)).toEqual({ refundedMinor: 1000 });
    expect(movedBetween(paid.gallery, full.gallery)).toEqual({ refundedMinor: 1000 });

    // Every refund event again, twice: the counters stay where they are.
    for (const event of [...(await refundEvents(order.paymentIntentId ?? ''))].flatMap((e) => [e, e]))
      await control(env, `/events/${event.id}/resend`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await figuresOf(order)).toEqual(full);
  });
});
