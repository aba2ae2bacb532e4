/**
 * S07: a delayed payment that fails: the unpaid `completed`, then `checkout.session.async_payment_failed`.
 * No photos, no email; the order is payable again (a fresh session) and its page says why.
 */
import { describe, expect, it } from 'vitest';
import { orderStatusReasonTexts, serverErrors } from '#shared/texts/errors';
import { PublicOrder } from '#shared/schemas/order';
import { getOrder } from '../../functions/domains/orders/order-store';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { checkoutCalls } from '../integration/checkout-helpers';
import { stripeOf } from '../integration/payments-helpers';
import { bacsSeller } from './support/bacs-seller';
import {
  deliverSigned,
  eventOf,
  mailCount,
  payWithoutDelivery,
  settleWithoutDelivery,
} from './support/stripe-cases';

const env = useTestStack();

const acknowledged = { status: 200, body: { received: true } };

describe('S07 unpaid completed, then async_payment_failed', () => {
  it('gives no photos, makes the order payable again and tells the customer why', async () => {
    const seller = await bacsSeller(env);
    const payment = await payWithoutDelivery(env, { sellerId: seller.userId, bacs: true });
    expect(await deliverSigned(env, eventOf(payment.events, 'checkout.session.completed'))).toEqual(
      acknowledged,
    );
    expect((await getOrder(payment.order.orderId))?.status).toBe('PROCESSING');

    const failed = eventOf(
      await settleWithoutDelivery(env, payment, 'failed'),
      'checkout.session.async_payment_failed',
    );
    expect(await deliverSigned(env, failed)).toEqual(acknowledged);
    expect(await getOrder(payment.order.orderId)).toMatchObject({
      status: 'PENDING',
      statusReason: 'PAYMENT_FAILED',
    });
    expect(await checkoutCalls(env).fulfilledPhotos(payment.order.orderId)).toEqual({
      status: 409,
      body: { message: serverErrors.orderNotFulfilled },
    });
    expect(await mailCount(env, payment.email)).toBe(0);

    // The customer's order page: why, in plain words (the text the page shows for the reason), and a
    // fresh session to pay again.
    const checked = await checkoutCalls(env).checkOrder(payment.order.orderId);
    expect(checked.status).toBe(200);
    const order = PublicOrder.parse(checked.body);
    expect(order).toMatchObject({
      status: 'PENDING',
      statusReason: 'PAYMENT_FAILED',
      nextStep: 'REDIRECT_TO_STRIPE',
    });
    expect(orderStatusReasonTexts[order.statusReason!]).toBe(orderStatusReasonTexts.PAYMENT_FAILED);
    expect(order.sessionId).toBeDefined();
    expect(order.sessionId).not.toBe(payment.sessionId);
    const fresh = await stripeOf(env).checkout.sessions.retrieve(
      order.sessionId!,
      {},
      { stripeAccount: payment.account },
    );
    expect(fresh.status).toBe('open');

    // The failure redelivered changes nothing more.
    expect(await deliverSigned(env, failed)).toEqual(acknowledged);
    expect((await getOrder(payment.order.orderId))?.checkoutSessionId).toBe(order.sessionId);
  });
});
