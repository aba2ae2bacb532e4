/**
 * S06: a delayed payment (Bacs Direct Debit): the session completes unpaid (the order shows the payment
 * as processing, no photos, no email), then `checkout.session.async_payment_succeeded` fulfils it once.
 * A late or repeated unpaid `completed` never takes it back.
 */
import { describe, expect, it } from 'vitest';
import { getOrder } from '../../functions/domains/orders/order-store';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { checkoutCalls } from '../integration/checkout-helpers';
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

describe('S06 async_payment_succeeded after an unpaid completed', () => {
  it('fulfils once and is never downgraded', async () => {
    const seller = await bacsSeller(env);
    const payment = await payWithoutDelivery(env, { sellerId: seller.userId, bacs: true });
    const completed = eventOf(payment.events, 'checkout.session.completed');
    expect(JSON.parse(completed)).toMatchObject({ data: { object: { payment_status: 'unpaid' } } });

    expect(await deliverSigned(env, completed)).toEqual(acknowledged);
    expect(await getOrder(payment.order.orderId)).toMatchObject({
      status: 'PROCESSING',
      statusReason: 'PAYMENT_PROCESSING',
    });
    expect(await mailCount(env, payment.email)).toBe(0);
    expect((await checkoutCalls(env).fulfilledPhotos(payment.order.orderId)).status).toBe(409);

    const succeeded = eventOf(
      await settleWithoutDelivery(env, payment, 'succeeded'),
      'checkout.session.async_payment_succeeded',
    );
    expect(await deliverSigned(env, succeeded)).toEqual(acknowledged);
    const fulfilled = await getOrder(payment.order.orderId);
    expect(fulfilled).toMatchObject({ status: 'FULFILLED', paidCheckoutSessionId: payment.sessionId });
    expect(await mailCount(env, payment.email)).toBe(1);

    // The unpaid completion again (late or repeated), and the success again: nothing moves.
    for (const payload of [completed, succeeded, completed]) {
      expect(await deliverSigned(env, payload)).toEqual(acknowledged);
    }
    const after = await getOrder(payment.order.orderId);
    expect(after?.status).toBe('FULFILLED');
    expect(after?.fulfilledAt).toBe(fulfilled?.fulfilledAt);
    expect(await mailCount(env, payment.email)).toBe(1);
    expect((await checkoutCalls(env).fulfilledPhotos(payment.order.orderId)).status).toBe(200);
  });
});
