/**
 * S36: the order a paid Checkout Session is for is gone (removed from the table) or ended unpaid (the
 * seller cancelled it) while its customer was paying. Nothing is fulfilled and no email is sent; the
 * payment is refunded in full exactly once on the seller's account, our fee with it, however many
 * deliveries come at once or later; an ended order stays ended and notes the refund.
 */
import { describe, expect, it } from 'vitest';
import { getOrder } from '../../functions/domains/orders/order-store';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { mailCount } from './support/stripe-cases';
import {
  changeStoredOrder,
  expectRefundedOnce,
  payThenDeliverAfter,
  removeStoredOrder,
} from './support/undelivered-payments';

const env = useTestStack();

describe('S36 a payment whose order is gone or ended', () => {
  it('refunds the payment of an order that is gone, once', async () => {
    const { payment, paymentIntentId } = await payThenDeliverAfter(env, 1600, removeStoredOrder);
    const refund = await expectRefundedOnce(env, payment.account, paymentIntentId, 1600);
    expect(refund.metadata).toMatchObject({ orderId: payment.order.orderId });
    expect(await getOrder(payment.order.orderId)).toBeUndefined();
    expect(await mailCount(env, payment.email)).toBe(0);
  });

  it('refunds the payment of an order cancelled meanwhile, once, and the order stays cancelled', async () => {
    const { payment, paymentIntentId } = await payThenDeliverAfter(env, 1700, (orderId) =>
      changeStoredOrder(orderId, {
        status: 'EXPIRED',
        statusReason: 'CANCELLED',
        cancelledAt: new Date().toISOString(),
      }),
    );
    const { orderId } = payment.order;
    await expectRefundedOnce(env, payment.account, paymentIntentId, 1700);
    const order = await getOrder(orderId);
    expect(order).toMatchObject({ status: 'EXPIRED', statusReason: 'CANCELLED' });
    expect([...(order?.duplicatePaymentsRefunded ?? [])]).toEqual([paymentIntentId]);
    expect(await mailCount(env, payment.email)).toBe(0);
  });
});
