/**
 * S35: a payment-mode Checkout Session paid on our platform account (orders are paid on the seller's
 * connected account: a session from the destination-charge days, or one made by hand in the Dashboard)
 * names one of our orders. It fulfils nothing; it is refunded in full exactly once on the platform
 * account (no Stripe-Account header, no application fee to return), whatever the concurrent and later
 * deliveries; the order is untouched and still waits for its own payment.
 */
import { describe, expect, it } from 'vitest';
import { getOrder } from '../../functions/domains/orders/order-store';
import { checkoutSessionParams } from '../../functions/public-orders/checkout-session-params';
import { freshOrder } from '../integration/checkout-helpers';
import { payCheckout, stripeOf } from '../integration/payments-helpers';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { withWebhooksPaused } from './support/stripe-cases';
import { deliverConcurrently, expectRefundedOnce, paymentIntentOf } from './support/undelivered-payments';

const env = useTestStack();

/** A session of the order on the platform account: the product's parameters without our fee. */
async function platformSession(orderId: string) {
  const order = (await getOrder(orderId))!;
  const params = checkoutSessionParams(order, env.demo.appUrl, new Date());
  return stripeOf(env).checkout.sessions.create({
    ...params,
    payment_intent_data: { metadata: { orderId } },
  });
}

/** The platform's own `checkout.session.completed` of a session, as Stripe recorded it (JSON). */
async function platformCompletedEvent(sessionId: string): Promise<string> {
  const events = await stripeOf(env).events.list({ type: 'checkout.session.completed', limit: 100 });
  const event = events.data.find(
    (candidate) => !candidate.account && (candidate.data.object as { id: string }).id === sessionId,
  );
  if (!event) throw new Error(`no completed event of ${sessionId} on the platform`);
  return JSON.stringify(event, null, 2);
}

describe('S35 an order paid on the platform account', () => {
  it('is refunded in full once on the platform, and the order is untouched', async () => {
    const created = await freshOrder(env, { orderType: 'PAID_ORDER', totalMinor: 1800 });
    const before = await getOrder(created.orderId);
    const session = await platformSession(created.orderId);
    await withWebhooksPaused(env, () => payCheckout(String(session.url)));
    const payload = await platformCompletedEvent(session.id);

    await deliverConcurrently(env, payload, 10);
    const resent = await fetch(
      `${env.stack.urls.stripe}/__control/events/${(JSON.parse(payload) as { id: string }).id}/resend`,
      { method: 'POST' },
    );
    expect(resent.ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const paymentIntentId = await paymentIntentOf(env, undefined, session.id);
    const refund = await expectRefundedOnce(env, undefined, paymentIntentId, 1800);
    expect(refund.metadata).toMatchObject({ orderId: created.orderId, checkoutSessionId: session.id });
    // Not a refund on the seller's account: the payment is not theirs.
    expect(await getOrder(created.orderId)).toEqual(before);
  });
});
