/**
 * S09: `checkout.session.expired` (Stripe's own delivery): the next order check makes a fresh session,
 * and the old one can never be paid again, on Stripe's page or by its event arriving late.
 */
import { describe, expect, it } from 'vitest';
import { getOrder } from '../../functions/domains/orders/order-store';
import { TEST_CARDS } from '@shutterlane/stripe-emulator/testing';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { checkoutCalls, freshOrder } from '../integration/checkout-helpers';
import { control, sellerAccountOf, stripeOf, waitForOrder } from '../integration/payments-helpers';
import { deliverSigned, eventOf, sessionEvents } from './support/stripe-cases';

const env = useTestStack();

describe('S09 checkout.session.expired', () => {
  it('gives the next check a fresh session; the old one is never payable again', async () => {
    const calls = checkoutCalls(env);
    const order = await freshOrder(env, { orderType: 'PAID_ORDER', totalMinor: 1500 });
    const first = await calls.checkOrder(order.orderId);
    const oldId = String(first.body.sessionId);
    const oldUrl = String(first.body.stripeCheckoutUrl);
    const account = await sellerAccountOf(order);

    await control(env, `/checkout/sessions/${oldId}/expire`);
    await waitForOrder(order.orderId, (o) => Boolean(o?.checkoutSessionEndedAt));

    const second = await calls.checkOrder(order.orderId);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ status: 'PENDING', nextStep: 'REDIRECT_TO_STRIPE' });
    const freshId = String(second.body.sessionId);
    expect(freshId).not.toBe(oldId);
    const stripe = stripeOf(env);
    expect((await stripe.checkout.sessions.retrieve(freshId, {}, { stripeAccount: account })).status).toBe(
      'open',
    );
    expect((await stripe.checkout.sessions.retrieve(oldId, {}, { stripeAccount: account })).status).toBe(
      'expired',
    );

    // The old session's page takes no payment.
    const page = await fetch(oldUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        payment_method: 'card',
        email: 'late@example.com',
        card_number: TEST_CARDS.succeeds,
      }),
      redirect: 'manual',
    });
    expect(page.status).not.toBe(303);
    // Its expiry delivered again, late: the fresh session stays the order's, usable.
    const expired = eventOf(await sessionEvents(env, account, oldId), 'checkout.session.expired');
    expect(await deliverSigned(env, expired)).toEqual({ status: 200, body: { received: true } });
    const stored = await getOrder(order.orderId);
    expect(stored).toMatchObject({ status: 'PENDING', checkoutSessionId: freshId });
    expect(stored?.checkoutSessionEndedAt).toBeUndefined();
    expect((await calls.checkOrder(order.orderId)).body.sessionId).toBe(freshId);
  });
});
