/**
 * Checkout Session events of customer orders. The sessions are direct charges on the sellers' connected
 * accounts, so these events come from the Connect endpoint with the account in `event.account`, which
 * must be the account the order's sessions are made on. A paid session fulfils its order once (and sends
 * the confirmation email once; a paid extension also opens the order it extends again); a paid session
 * the order did not need is refunded; a delayed payment marks the order PROCESSING until it succeeds or
 * fails; an expired session is marked ended so the next order check makes a fresh one. Subscription sessions happen on the platform (functions/billing).
 */
import type { Stripe } from '../lib/stripe';
import { resumeConfirmation, sendConfirmation } from '../domains/orders/order-confirmation';
import { logger } from '../lib/logger';
import { endCheckoutSession, getOrder, type OrderRecord } from '../domains/orders/order-store';
import { holdForFulfilment } from '../domains/orders/order-holds';
import { followPaidExtension } from '../domains/orders/paid-extension';
import { endUnpaidOrder, PHOTOS_REMOVED } from '../domains/orders/end-unpaid-order';
import { refundDuplicatePayment } from './duplicate-payments';
import { decidePayment, decidePaymentFailed, decideProcessing } from './order-lifecycle';
import { transitionOrder } from './order-transition';
import { recordPaymentMoney } from './payment-money';
import { RetryLater } from './retry-later';
import { paysOrderAmount, sessionOrderId, sessionPayment, type SessionPayment } from './session-completion';

export const checkoutSessionOf = (event: Stripe.Event): Stripe.Checkout.Session =>
  event.data.object as Stripe.Checkout.Session;

/** The order a connected account's payment session is for, if it is one of ours on that very account. */
async function orderOfSession(session: Stripe.Checkout.Session, account: string | undefined) {
  const orderId = session.mode === 'payment' ? sessionOrderId(session) : undefined;
  if (!orderId) return undefined;
  const order = await getOrder(orderId);
  if (!order || !account || order.stripeAccountId !== account) {
    logger.error('checkout session event for no order of ours on that account', {
      sessionId: session.id,
      orderId,
      account,
    });
    return undefined;
  }
  return order;
}

/**
 * A paid session that can deliver nothing: refunded in full on the account it was paid on, counted for
 * the alarm. The order, if there is one, stops handing out the session, so its next check makes a fresh one.
 */
async function refundUndelivered(pay: SessionPayment, account: string, why: string): Promise<void> {
  await refundDuplicatePayment({ ...pay, account, why, stripeReason: 'none', undelivered: true });
  await endCheckoutSession(pay.orderId, pay.checkoutSessionId, new Date());
}

/** After a redelivered payment of a fulfilled order: the email its sender may not have sent. */
async function resumeEmail(order: OrderRecord, now: Date): Promise<void> {
  if ((await resumeConfirmation(order, now)) === 'held-elsewhere') {
    // Fulfilled but its email not recorded yet: fail this delivery so Stripe retries until it is.
    throw new RetryLater(`confirmation email of order ${order.orderId} is not settled yet`);
  }
}

/**
 * A payment that can no longer fulfil its order, because a photo of it (or its gallery) was deleted
 * meanwhile: the order ends as the deletion ends unpaid picks, and the payment is refunded in full. One
 * outcome for the customer: the order page says it was cancelled and the money goes back.
 */
async function refundWithoutPhotos(order: OrderRecord, pay: SessionPayment, account: string, now: Date) {
  await endUnpaidOrder(order, PHOTOS_REMOVED, now, { completedSessionId: pay.checkoutSessionId });
  await refundDuplicatePayment({
    ...pay,
    account,
    why: 'its photos were deleted',
    stripeReason: 'none',
    undelivered: true,
  });
}

async function payOrder(order: OrderRecord, pay: SessionPayment, account: string, event: Stripe.Event) {
  const now = new Date();
  // The gallery and photos stay while the customer can download them; held before the order says so.
  if (
    'change' in decidePayment(order, pay, now, event.id) &&
    (await holdForFulfilment(order, now)) === 'missing'
  ) {
    await refundWithoutPhotos(order, pay, account, now);
    return;
  }
  const result = await transitionOrder(
    order.orderId,
    (current) => decidePayment(current, pay, now, event.id),
    now,
  );
  if (result.kind === 'missing') {
    await refundUndelivered(pay, account, 'the order is gone');
    return;
  }
  if (result.kind === 'applied') {
    await sendConfirmation(result.after);
    await followPaidExtension(result.after);
    await recordPaymentMoney(result.after);
    return;
  }
  if ('duplicate' in result.decision) {
    await refundDuplicatePayment({ ...pay, account, why: result.decision.duplicate });
    return;
  }
  if ('ended' in result.decision) {
    const why = result.decision.ended;
    await refundDuplicatePayment({ ...pay, account, why, stripeReason: 'none', undelivered: true });
    return;
  }
  // The same payment again (a redelivery, or the other of completed / async_payment_succeeded).
  await resumeEmail(result.order, now);
  await followPaidExtension(result.order);
  await recordPaymentMoney(result.order);
}

/** A session paid, at once (`completed`) or later (`async_payment_succeeded`). */
export async function onOrderSessionPaid(event: Stripe.Event): Promise<void> {
  const session = checkoutSessionOf(event);
  const verdict = sessionPayment(session);
  if ('ignore' in verdict) {
    logger.info('checkout session not fulfilled', { sessionId: session.id, reason: verdict.ignore });
    return;
  }
  const account = event.account;
  if (!account) return;
  const order = await orderOfSession(session, account);
  if (!order) {
    await refundUndelivered(verdict.pay, account, 'no order of ours on this account');
    return;
  }
  if (!paysOrderAmount(session, order)) {
    const paid = `${session.amount_total ?? '?'} ${session.currency ?? '?'}`;
    await refundUndelivered(
      verdict.pay,
      account,
      `paid ${paid}, the order is ${order.totalMinor} ${order.currency}`,
    );
    return;
  }
  await payOrder(order, verdict.pay, account, event);
}

/** `completed`: paid now, or (a delayed payment method such as a bank debit) paid later. */
export async function onOrderSessionCompleted(event: Stripe.Event): Promise<void> {
  const session = checkoutSessionOf(event);
  if (session.payment_status === 'paid') return onOrderSessionPaid(event);
  if (session.payment_status !== 'unpaid') return;
  const order = await orderOfSession(session, event.account);
  if (!order) return;
  const now = new Date();
  await transitionOrder(order.orderId, (current) => decideProcessing(current, session.id, event.id), now);
}

/** The delayed payment failed: the order is payable again, with the reason for the customer. */
export async function onOrderPaymentFailed(event: Stripe.Event): Promise<void> {
  const session = checkoutSessionOf(event);
  const order = await orderOfSession(session, event.account);
  if (!order) return;
  const now = new Date();
  const result = await transitionOrder(
    order.orderId,
    (current) => decidePaymentFailed(current, session.id, now, event.id),
    now,
  );
  if (result.kind === 'applied')
    logger.info('delayed payment failed', { orderId: order.orderId, sessionId: session.id });
}

export async function onOrderSessionExpired(event: Stripe.Event): Promise<void> {
  const session = checkoutSessionOf(event);
  const order = await orderOfSession(session, event.account);
  if (!order) return;
  await endCheckoutSession(order.orderId, session.id, new Date());
}
