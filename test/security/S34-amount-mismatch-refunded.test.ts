/**
 * S34: a paid Checkout Session whose amount or currency is not its order's (the order as stored changed
 * while its customer was paying). Nothing is fulfilled and no email is sent; the payment is refunded in
 * full exactly once on the seller's account, our fee with it, however many deliveries of the event come
 * at once or later; the order notes the refund, stops handing out that session and stays payable, and
 * the refund's own `charge.refunded` is acknowledged.
 */
import { describe, expect, it } from 'vitest';
import { getOrder } from '../../functions/domains/orders/order-store';
import { checkoutCalls } from '../integration/checkout-helpers';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { mailCount } from './support/stripe-cases';
import { changeStoredOrder, expectRefundedOnce, payThenDeliverAfter } from './support/undelivered-payments';

const env = useTestStack();

describe('S34 a payment of another amount or currency than its order', () => {
  it.each([
    ['amount', { totalMinor: 1400 }],
    ['currency', { currency: 'EUR' }],
  ])('is refunded in full once when its %s differs, and fulfils nothing', async (_, change) => {
    const { payment, paymentIntentId } = await payThenDeliverAfter(env, 1500, (orderId) =>
      changeStoredOrder(orderId, change),
    );
    const { orderId } = payment.order;
    const refund = await expectRefundedOnce(env, payment.account, paymentIntentId, 1500);
    expect(refund.metadata).toMatchObject({ orderId, checkoutSessionId: payment.sessionId });
    const order = await getOrder(orderId);
    expect(order).toMatchObject({ status: 'PENDING', checkoutSessionId: payment.sessionId });
    expect(order?.paidCheckoutSessionId).toBeUndefined();
    expect(order?.checkoutSessionEndedAt).toBeDefined();
    expect([...(order?.duplicatePaymentsRefunded ?? [])]).toEqual([paymentIntentId]);
    expect(await mailCount(env, payment.email)).toBe(0);

    // The order is still payable: its next check makes a fresh session, not the refunded one.
    const checked = await checkoutCalls(env).checkOrder(orderId);
    expect(checked.status).toBe(200);
    expect(checked.body.sessionId).not.toBe(payment.sessionId);
  });
});
