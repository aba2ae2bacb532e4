/**
 * S05: a genuine event signed 299 seconds ago, within Stripe's 300 s tolerance: accepted (2xx) and acted
 * on: the order is fulfilled and the customer emailed.
 */
import { describe, expect, it } from 'vitest';
import { getOrder } from '../../functions/domains/orders/order-store';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { deliverSigned, eventOf, mailCount, payWithoutDelivery } from './support/stripe-cases';

const env = useTestStack();

describe('S05 signature timestamp now − 299 s', () => {
  it('is accepted with 2xx and fulfils the order', async () => {
    const payment = await payWithoutDelivery(env);
    const payload = eventOf(payment.events, 'checkout.session.completed');
    const answer = await deliverSigned(env, payload, { timestamp: Math.floor(Date.now() / 1000) - 299 });
    expect(answer).toEqual({ status: 200, body: { received: true } });
    expect((await getOrder(payment.order.orderId))?.status).toBe('FULFILLED');
    expect(await mailCount(env, payment.email)).toBe(1);
  });
});
