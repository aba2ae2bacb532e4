/**
 * S38: the refund of a second payment while its order still waits (PENDING) for its own. The order notes
 * the payment before the refund is asked for, so the refund's `charge.refunded` is acknowledged at its
 * first delivery (it used to be answered 409 until the order was paid, for up to Stripe's three days of
 * retries). A refund of a payment the order has not recorded yet (it arrived before the payment's own
 * event) still waits, answered 409 so Stripe retries, and completes once the order is paid; one still
 * waiting after a day is counted for the alarm (functions/stripe-webhook/service.ts, unit-tested).
 */
import { describe, expect, it } from 'vitest';
import { getOrder } from '../../functions/domains/orders/order-store';
import { checkoutSessionParams } from '../../functions/public-orders/checkout-session-params';
import { clearFaults, planFault, refundAsSeller } from '@shutterlane/stripe-emulator/testing';
import { checkoutCalls, freshOrder } from '../integration/checkout-helpers';
import { eventually, payCheckout, stripeOf } from '../integration/payments-helpers';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { deliverSigned, eventOf, payWithoutDelivery, withWebhooksPaused } from './support/stripe-cases';
import { paymentIntentOf, refundsOf } from './support/undelivered-payments';

const env = useTestStack();

interface Attempt {
  eventId: string;
  status?: number;
}

/** Every delivery attempt of an event the emulator made, so far. */
async function attemptsOf(eventId: string): Promise<Attempt[]> {
  const response = await fetch(`${env.stack.urls.stripe}/__control/webhook-deliveries`);
  const { data } = (await response.json()) as { data: Attempt[] };
  return data.filter((attempt) => attempt.eventId === eventId);
}

/** The `charge.refunded` Stripe recorded on `account` for a payment intent. */
async function chargeRefundedEvent(account: string, paymentIntentId: string) {
  const events = await stripeOf(env).events.list(
    { type: 'charge.refunded', limit: 100 },
    { stripeAccount: account },
  );
  return events.data.find(
    (event) => (event.data.object as { payment_intent?: string }).payment_intent === paymentIntentId,
  );
}

describe('S38 a refund while the order is still waiting for its payment', () => {
  it('acknowledges the refund of a second payment at its first delivery, even before the refund call returns', async () => {
    const order = await freshOrder(env, { orderType: 'PAID_ORDER', totalMinor: 1500 });
    const checked = await checkoutCalls(env).checkOrder(order.orderId);
    expect(checked.status).toBe(200);
    const stored = (await getOrder(order.orderId))!;
    const account = String(stored.stripeAccountId);
    const other = await stripeOf(env).checkout.sessions.create(
      checkoutSessionParams(stored, env.demo.appUrl, new Date()),
      { stripeAccount: account },
    );
    // Stripe's answer to the refund is lost and the SDK asks again (same key) a moment later: the refund's
    // event reaches the webhook while the refund call has not returned yet.
    await planFault(env.stack.urls.stripe, { method: 'POST', path: '/v1/refunds', kind: 'drop', count: 1 });
    let paymentIntentId: string;
    try {
      await payCheckout(String(other.url));
      paymentIntentId = await paymentIntentOf(env, account, other.id);
      await eventually(
        () => refundsOf(env, account, paymentIntentId),
        (refunds) => refunds.length > 0,
      );
    } finally {
      await clearFaults(env.stack.urls.stripe);
    }
    const event = await eventually(
      () => chargeRefundedEvent(account, paymentIntentId),
      (found) => found !== undefined,
    );
    const attempts = await eventually(
      () => attemptsOf(event!.id),
      (found) => found.some((attempt) => attempt.status === 200),
    );
    expect(attempts.map((attempt) => attempt.status)).toEqual([200]);
    expect(await refundsOf(env, account, paymentIntentId)).toHaveLength(1);
    expect((await getOrder(order.orderId))?.status).toBe('PENDING');
  });

  it('lets a refund that came before its payment wait, then completes it once the order is paid', async () => {
    const payment = await payWithoutDelivery(env, { totalMinor: 1500 });
    const paymentIntentId = await paymentIntentOf(env, payment.account, payment.sessionId);
    await withWebhooksPaused(env, () =>
      refundAsSeller(stripeOf(env), payment.account, { payment_intent: paymentIntentId }),
    );
    const refunded = JSON.stringify(await chargeRefundedEvent(payment.account, paymentIntentId), null, 2);

    expect((await deliverSigned(env, refunded)).status).toBe(409);
    // A day and more later (a redelivery keeps the event's own `created`), it is still told to retry.
    const late = JSON.stringify(
      { ...(JSON.parse(refunded) as object), created: Math.floor(Date.now() / 1000) - 26 * 60 * 60 },
      null,
      2,
    );
    expect((await deliverSigned(env, late)).status).toBe(409);
    expect((await getOrder(payment.order.orderId))?.status).toBe('PENDING');

    expect((await deliverSigned(env, eventOf(payment.events, 'checkout.session.completed'))).status).toBe(
      200,
    );
    expect((await getOrder(payment.order.orderId))?.status).toBe('FULFILLED');
    expect((await deliverSigned(env, refunded)).status).toBe(200);
    expect(await getOrder(payment.order.orderId)).toMatchObject({
      status: 'REFUNDED',
      refundedMinor: 1500,
    });
  });
});
