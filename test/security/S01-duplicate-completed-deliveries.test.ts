/**
 * S01: the same genuine `checkout.session.completed` delivered 50 times at once. Every delivery is
 * acknowledged, or told to retry (409) and acknowledged when retried; the order is fulfilled once, the
 * customer gets one email and the seller's sales move once.
 */
import { describe, expect, it } from 'vitest';
import { getOrder } from '../../functions/domains/orders/order-store';
import { getUser } from '../../functions/domains/sellers/seller-store';
import { figuresOf, movedBetween, testPublicId } from '../integration/payments-helpers';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { deliverSigned, eventOf, mailCount, payWithoutDelivery } from './support/stripe-cases';

const env = useTestStack();

describe('S01 the same completed event delivered 50 times concurrently', () => {
  it('fulfils once, emails once, and every delivery ends acknowledged', async () => {
    const payment = await payWithoutDelivery(env, { publicId: testPublicId() });
    const payload = eventOf(payment.events, 'checkout.session.completed');
    const salesBefore = (await getUser(payment.order.sellerId))?.totalSalesMinor ?? 0;
    const countedBefore = await figuresOf(payment.order);
    expect(countedBefore.publicGallery).toMatchObject({ ordersPlaced: 1, ordersPaid: 0, grossMinor: 0 });
    expect((await getOrder(payment.order.orderId))?.status).toBe('PENDING');

    const answers = await Promise.all(Array.from({ length: 50 }, () => deliverSigned(env, payload)));
    const statuses = answers.map((answer) => answer.status);
    // 200, or 409: another delivery is at work, retry (Stripe retries any non-2xx).
    expect(
      statuses.filter((status) => status !== 200 && status !== 409),
      statuses.join(),
    ).toEqual([]);
    expect(statuses).toContain(200);
    // Stripe's retries of the refused ones are then acknowledged.
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.body.message).toEqual(expect.any(String));
      expect(await deliverSigned(env, payload)).toEqual({ status: 200, body: { received: true } });
    }

    const order = await getOrder(payment.order.orderId);
    expect(order).toMatchObject({
      status: 'FULFILLED',
      customerEmail: payment.email,
      paidCheckoutSessionId: payment.sessionId,
    });
    expect(order?.confirmationEmailSentAt).toBeDefined();
    expect(await mailCount(env, payment.email)).toBe(1);
    expect((await getUser(payment.order.sellerId))?.totalSalesMinor).toBe(salesBefore + 1500);
    const moved = {
      ordersPaid: 1,
      grossMinor: 1500,
      platformFeeMinor: order?.payment?.applicationFeeMinor,
      stripeFeeMinor: order?.payment?.stripeFeeMinor,
    };
    expect(moved.platformFeeMinor).toBe(75);
    const counted = await figuresOf(payment.order);
    expect(movedBetween(countedBefore.publicGallery, counted.publicGallery)).toEqual(moved);
    expect(movedBetween(countedBefore.gallery, counted.gallery)).toEqual(moved);
    // One more late duplicate changes nothing.
    expect((await deliverSigned(env, payload)).status).toBe(200);
    expect((await getOrder(payment.order.orderId))?.fulfilledAt).toBe(order?.fulfilledAt);
    expect(await mailCount(env, payment.email)).toBe(1);
    expect(await figuresOf(payment.order)).toEqual(counted);
  });
});
