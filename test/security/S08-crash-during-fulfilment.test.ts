/**
 * S08: fulfilment that dies half way, then is tried again. The dead request is played by the very write
 * the product makes (the free order's fulfilling write; the webhook's FULFILLED transition) with nothing
 * after it, dated past the email claim's staleness. The retry (the customer completing again, Stripe
 * redelivering) fulfils nothing twice and sends the email exactly once; the sales counters and the
 * seller's order count count the payment with the transition that died and nothing more, and the fees
 * once with the retry's record.
 */
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { serverErrors } from '#shared/texts/errors';
import { CONFIRMATION_CLAIM_STALE_MS } from '../../functions/domains/orders/order-confirmation';
import { fulfilFreeOrder, getOrder } from '../../functions/domains/orders/order-store';
import { getUser } from '../../functions/domains/sellers/seller-store';
import { decidePayment } from '../../functions/stripe-webhook/order-lifecycle';
import { transitionOrder } from '../../functions/stripe-webhook/order-transition';
import { sessionPayment } from '../../functions/stripe-webhook/session-completion';
import { figuresOf, testPublicId } from '../integration/payments-helpers';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { checkoutCalls, freshOrder, uniqueEmail } from '../integration/checkout-helpers';
import { deliverSigned, eventOf, mailCount, payWithoutDelivery } from './support/stripe-cases';

const env = useTestStack();

/** A moment the dead request's claim on the email is stale from. */
const deadAt = () => new Date(Date.now() - CONFIRMATION_CLAIM_STALE_MS - 60_000);

describe('S08 a crash in the middle of fulfilment, then a retry', () => {
  it('free order: fulfilled once, the email sent once by the next attempt', async () => {
    const calls = checkoutCalls(env);
    const order = await freshOrder(env);
    const email = uniqueEmail('s08-free');
    const validated = await calls.validate(order.orderId, email);
    expect(validated.status).toBe(200);
    const { sessionId } = validated.body.orderDetails as { sessionId: string };
    // The request fulfilled the order and died before the email.
    expect(await fulfilFreeOrder(order, sessionId, deadAt())).toBe(true);
    const fulfilledAt = (await getOrder(order.orderId))?.fulfilledAt;
    expect(await mailCount(env, email)).toBe(0);

    const alreadyFulfilled = { status: 409, body: { message: serverErrors.orderAlreadyFulfilled } };
    const retries = await Promise.all([
      calls.complete(order.orderId, sessionId),
      calls.complete(order.orderId, sessionId),
    ]);
    for (const retry of retries) expect(retry).toEqual(alreadyFulfilled);
    expect(await calls.complete(order.orderId, sessionId)).toEqual(alreadyFulfilled);
    const stored = await getOrder(order.orderId);
    expect(stored).toMatchObject({ status: 'FULFILLED', fulfilledAt });
    expect(stored?.confirmationEmailSentAt).toBeDefined();
    expect(await mailCount(env, email)).toBe(1);
  });

  it('paid order: the webhook died after fulfilling; redeliveries send the email once', async () => {
    const payment = await payWithoutDelivery(env, { publicId: testPublicId() });
    const payload = eventOf(payment.events, 'checkout.session.completed');
    const event = JSON.parse(payload) as Stripe.Event;
    const verdict = sessionPayment(event.data.object as Stripe.Checkout.Session);
    if (!('pay' in verdict)) throw new Error(`the session does not pay: ${verdict.ignore}`);
    const orderCount = async () => (await getUser(payment.order.sellerId))?.totalOrderCount ?? 0;
    const ordersBefore = await orderCount();
    // The delivery that died: its FULFILLED transition, and nothing after it.
    const died = deadAt();
    const result = await transitionOrder(
      payment.order.orderId,
      (order) => decidePayment(order, verdict.pay, died, event.id),
      died,
    );
    expect(result.kind).toBe('applied');
    expect(await mailCount(env, payment.email)).toBe(0);
    const counted = { ordersPlaced: 1, ordersPaid: 1, grossMinor: 1500 };
    expect((await figuresOf(payment.order)).publicGallery).toMatchObject({ ...counted, platformFeeMinor: 0 });
    // A customer's pick counts in the seller's orders with the write that made it a sale.
    expect(await orderCount()).toBe(ordersBefore + 1);

    // Stripe redelivers (its retry of the failed delivery), several times, some at once.
    const answers = await Promise.all([deliverSigned(env, payload), deliverSigned(env, payload)]);
    answers.push(await deliverSigned(env, payload));
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(await deliverSigned(env, payload)).toEqual({ status: 200, body: { received: true } });
    const stored = await getOrder(payment.order.orderId);
    expect(stored).toMatchObject({ status: 'FULFILLED', fulfilledAt: died.toISOString() });
    expect(stored?.confirmationEmailSentAt).toBeDefined();
    expect(await mailCount(env, payment.email)).toBe(1);
    expect(await orderCount()).toBe(ordersBefore + 1);
    expect((await figuresOf(payment.order)).publicGallery).toMatchObject({
      ...counted,
      platformFeeMinor: stored?.payment?.applicationFeeMinor,
      stripeFeeMinor: stored?.payment?.stripeFeeMinor,
    });
  });
});
