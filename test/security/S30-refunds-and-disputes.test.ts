/**
 * S30: refunds and disputes of card payments, through the local stack with the Stripe emulator (the
 * seller refunds from their Stripe account; Stripe's dispute test card is disputed by the bank). As
 * decided (docs/decisions.md): a full refund and a lost dispute end access (410), an open dispute
 * suspends it (409), a won dispute gives it back, a partial refund keeps it. While access is off no URL
 * is signed, thumbnails included; the customer's order says why (its `statusReason`, shown in the words
 * of `orderStatusReasonTexts`); the seller's orders list shows each state and what was refunded.
 */
import { describe, expect, it } from 'vitest';
import { orderStatusReasonTexts, serverErrors } from '#shared/texts/errors';
import { SellerOrder, SellerOrderList, type OrderStatusReason } from '#shared/schemas/order';
import {
  TEST_CARDS,
  closeDispute,
  disputeOfPayment,
  refundAsSeller,
} from '@shutterlane/stripe-emulator/testing';
import {
  eventually,
  payNewOrder,
  stripeOf,
  usePaymentsSuite,
  waitForOrder,
} from '../integration/payments-helpers';
import { call } from '@shutterlane/harness/seller-tools-helpers';
import { useTestStack } from '@shutterlane/harness/local-stack';

const env = useTestStack();
const suite = usePaymentsSuite(env);

const sellerView = async (orderId: string) =>
  SellerOrder.parse((await call(env, suite.seller, 'GET', `/orders/${orderId}`)).body);

/** The seller's orders list (an index that may lag a moment) shows the order as `expected`. */
const inSellersList = (orderId: string, expected: Partial<SellerOrder>) =>
  eventually(
    async () =>
      SellerOrderList.parse((await call(env, suite.seller, 'GET', '/orders')).body).orders.find(
        (order) => order.orderId === orderId,
      ),
    (order) =>
      Boolean(order) &&
      Object.entries(expected).every(([key, value]) => order?.[key as keyof SellerOrder] === value),
  );

/** Access has ended or is suspended: the refusal, nothing signed, and the customer told why. */
async function expectWithheld(orderId: string, status: number, message: string, reason: OrderStatusReason) {
  const photos = await suite.calls.fulfilledPhotos(orderId);
  expect(photos).toEqual({ status, body: { message } });
  const customer = await suite.calls.checkOrder(orderId);
  expect(customer.status).toBe(200);
  expect(customer.body).toMatchObject({ statusReason: reason, photos: [] });
  expect(customer.body).not.toHaveProperty('stripeCheckoutUrl');
  expect(JSON.stringify(customer.body)).not.toContain('X-Amz-Signature');
  expect(orderStatusReasonTexts[reason]).toMatch(/\w/);
}

describe('S30 refunds and disputes end, suspend or keep access as decided', () => {
  it('a full refund ends access: 410, nothing signed, the customer told it was refunded, the suite.seller sees REFUNDED', async () => {
    const { order, account } = await payNewOrder(env, { totalMinor: 1500 });
    expect((await suite.calls.fulfilledPhotos(order.orderId)).status).toBe(200);
    await refundAsSeller(stripeOf(env), account, { payment_intent: order.paymentIntentId ?? '' });
    await waitForOrder(order.orderId, (o) => o?.status === 'REFUNDED');
    await expectWithheld(order.orderId, 410, serverErrors.orderRefunded, 'REFUNDED');
    expect((await suite.calls.checkOrder(order.orderId)).body.status).toBe('REFUNDED');
    expect(await sellerView(order.orderId)).toMatchObject({ status: 'REFUNDED', refunded: 15 });
    await inSellersList(order.orderId, { status: 'REFUNDED', refunded: 15 });
  });

  it('a partial refund keeps access, and both sides see what was refunded', async () => {
    const { order, account } = await payNewOrder(env, { totalMinor: 2000 });
    await refundAsSeller(stripeOf(env), account, {
      payment_intent: order.paymentIntentId ?? '',
      amount: 500,
    });
    await waitForOrder(order.orderId, (o) => o?.refundedMinor === 500);
    expect((await suite.calls.fulfilledPhotos(order.orderId)).status).toBe(200);
    expect((await suite.calls.checkOrder(order.orderId)).body).toMatchObject({
      status: 'FULFILLED',
      statusReason: 'PARTIALLY_REFUNDED',
    });
    expect(await sellerView(order.orderId)).toMatchObject({ status: 'FULFILLED', refunded: 5 });
  });

  it('an open dispute suspends access (409), a won one gives it back', async () => {
    const paid = await payNewOrder(env, { totalMinor: 1300, card: TEST_CARDS.disputed });
    const { orderId } = paid.order;
    const disputed = await waitForOrder(orderId, (o) => o?.status === 'DISPUTED');
    await expectWithheld(orderId, 409, serverErrors.orderDisputed, 'DISPUTE_OPEN');
    await inSellersList(orderId, { status: 'DISPUTED', statusReason: 'DISPUTE_OPEN' });

    const dispute = await disputeOfPayment(stripeOf(env), paid.account, disputed?.paymentIntentId ?? '');
    await closeDispute(env.stack.urls.stripe, dispute.id, 'won');
    await waitForOrder(orderId, (o) => o?.status === 'FULFILLED');
    expect((await suite.calls.fulfilledPhotos(orderId)).status).toBe(200);
    expect((await suite.calls.checkOrder(orderId)).body).toMatchObject({
      status: 'FULFILLED',
      statusReason: 'DISPUTE_WON',
    });
    expect(await sellerView(orderId)).toMatchObject({ status: 'FULFILLED', statusReason: 'DISPUTE_WON' });
  });

  it('a lost dispute ends access (410) and the customer is told the bank returned the money', async () => {
    const paid = await payNewOrder(env, { totalMinor: 1400, card: TEST_CARDS.disputed });
    const { orderId } = paid.order;
    const disputed = await waitForOrder(orderId, (o) => o?.status === 'DISPUTED');
    const dispute = await disputeOfPayment(stripeOf(env), paid.account, disputed?.paymentIntentId ?? '');
    await closeDispute(env.stack.urls.stripe, dispute.id, 'lost');
    await waitForOrder(orderId, (o) => o?.status === 'REFUNDED');
    await expectWithheld(orderId, 410, serverErrors.orderRefunded, 'DISPUTE_LOST');
    expect(await sellerView(orderId)).toMatchObject({ status: 'REFUNDED', statusReason: 'DISPUTE_LOST' });
  });
});
