/**
 * A paid order's Stripe Checkout Session, created on demand on the seller's connected account (a direct
 * charge: see checkout-session-params.ts) and replaced when it has ended or is about to. Two payable
 * sessions never exist: a session being replaced is expired through the API first, and a session that
 * lost the race to be attached is expired at once. If the session being replaced turns out to have just
 * been paid, nothing replaces it: its payment settles the order (the webhook is on its way).
 */
import { serverErrors } from '#shared/texts/errors';
import { isCheckoutOpen } from '#shared/rules/order-status';
import { appEnv } from '../lib/env';
import { conflict, serviceUnavailable } from '../lib/http-error';
import { logger } from '../lib/logger';
import { usableCheckoutSession } from '../domains/orders/order-rules';
import { attachCheckoutSession, getOrder, type OrderRecord } from '../domains/orders/order-store';
import { getUser } from '../domains/sellers/seller-store';
import { stripeCall } from '../lib/stripe-call';
import {
  expireCheckoutSession,
  onAccount,
  requestStripeCalls,
  type StripeCalls,
} from '../domains/orders/stripe-checkout-sessions';
import { checkoutIdempotencyKey, checkoutSessionParams } from './checkout-session-params';

/** Lost races are retried on the winner's state this often. */
const MAX_ATTEMPTS = 3;

export interface CheckoutSessionRef {
  id: string;
  url: string;
}

export type CheckoutState =
  /** The session to send the customer to. */
  | { kind: 'session'; session: CheckoutSessionRef }
  /** The session being replaced was just completed: its payment is on its way. */
  | { kind: 'payment-underway' }
  /** The order stopped waiting for payment meanwhile (paid, or expired): answer from this state. */
  | { kind: 'order-changed'; order: OrderRecord };

async function sellerAccount(sellerId: string): Promise<string> {
  const seller = await getUser(sellerId);
  if (!seller?.stripeAccountId || !seller.chargesEnabled)
    throw conflict(serverErrors.sellerCannotAcceptPayments);
  return seller.stripeAccountId;
}

async function createSession(calls: StripeCalls, order: OrderRecord, stripeAccount: string, now: Date) {
  const params = checkoutSessionParams(order, appEnv().APP_URL, now);
  const idempotencyKey = checkoutIdempotencyKey(order.orderId, {
    stripeAccount,
    replaces: order.checkoutSessionId,
    params,
  });
  return stripeCall('create checkout session', () =>
    calls.client.checkout.sessions.create(params, onAccount(calls, stripeAccount, { idempotencyKey })),
  );
}

type Attempt = CheckoutState | { kind: 'lost-race' };

/** Replaces the order's session (or makes its first) and attaches it, if no concurrent request did first. */
async function replaceSession(order: OrderRecord, calls: StripeCalls, now: Date): Promise<Attempt> {
  const stripeAccount = await sellerAccount(order.sellerId);
  if (order.checkoutSessionId && !order.checkoutSessionEndedAt) {
    const previous = await expireCheckoutSession(calls, order.checkoutSessionId, order.stripeAccountId);
    if (previous === 'completed') return { kind: 'payment-underway' };
  }
  const session = await createSession(calls, order, stripeAccount, now);
  const ref = { id: session.id, url: session.url ?? '' };
  const attached = await attachCheckoutSession(order.orderId, order.checkoutSessionId, {
    ...ref,
    expiresAt: new Date(session.expires_at * 1000).toISOString(),
    stripeAccountId: stripeAccount,
  });
  if (attached) return { kind: 'session', session: ref };
  const winner = await getOrder(order.orderId);
  // Concurrent identical requests got the very same session from Stripe: it is the attached one.
  if (winner?.checkoutSessionId === session.id) return { kind: 'session', session: ref };
  // Another request attached a different session first: this one must never be payable.
  logger.info('checkout session lost the race to be attached; expiring it', { orderId: order.orderId });
  await expireCheckoutSession(calls, session.id, stripeAccount);
  return { kind: 'lost-race' };
}

export async function ensureCheckoutSession(order: OrderRecord, now: Date): Promise<CheckoutState> {
  let current: OrderRecord | undefined = order;
  let calls: StripeCalls | undefined;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS && current; attempt++) {
    const existing = usableCheckoutSession(current, now);
    if (existing) return { kind: 'session', session: existing };
    if (!isCheckoutOpen(current, now)) return { kind: 'order-changed', order: current };
    calls ??= await requestStripeCalls();
    const outcome = await replaceSession(current, calls, now);
    if (outcome.kind !== 'lost-race') return outcome;
    current = await getOrder(order.orderId);
  }
  throw serviceUnavailable(serverErrors.serviceUnavailable);
}
