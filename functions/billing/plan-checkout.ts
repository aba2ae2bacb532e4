/**
 * One plan checkout at a time per seller. Two tabs of one plan get one session (one idempotency key). A
 * checkout of another plan replaces the open one: the open session is expired through Stripe first, so it
 * can no longer be paid (found paid already, the seller is told, and nothing new is made). Two checkouts
 * of different plans started at the same moment: the first recorded wins, the other's session is expired
 * and its seller asked to choose again. A second subscription that Stripe still takes (a pricing-table
 * checkout, an expiry that failed) is cancelled by the webhook (subscription-events.ts).
 */
import type { PlanId } from '#shared/rules/plans';
import { paymentServerErrors } from '#shared/texts/payment-errors';
import { conflict } from '../lib/http-error';
import {
  getPlanCheckout,
  recordPlanCheckout,
  type PlanCheckoutRecord,
} from '../domains/billing/checkout-record-store';
import type { UserRecord } from '../domains/sellers/seller-store';
import type { Stripe } from '../lib/stripe';
import { expireCheckoutSession, type StripeCalls } from '../domains/orders/stripe-checkout-sessions';
import { stripeCall } from '../lib/stripe-call';

/** Makes the plan's Checkout Session under the idempotency key given. */
export type CreatePlanSession = (idempotencyKey: string) => Promise<Stripe.Checkout.Session>;

/**
 * One key per seller, plan, subscription and replaced checkout: a double click or a second tab of the
 * same plan gets the same session; after a replacement or the subscription's end, a fresh one.
 */
export const planCheckoutKey = (
  user: Pick<UserRecord, 'userId' | 'stripeSubscriptionId'>,
  plan: PlanId,
  last: PlanCheckoutRecord | undefined,
): string =>
  `subscription-checkout-${user.userId}-${plan}-${subscriptionBasis(user)}-${last?.sessionId ?? 'none'}`;

/** The subscription a checkout is made after: one made before the seller's latest subscription is done. */
const subscriptionBasis = (user: Pick<UserRecord, 'stripeSubscriptionId'>): string =>
  user.stripeSubscriptionId ?? 'first';

/** The open checkout's session may no longer be paid: expired, or found paid a moment ago (409). */
async function endOpenCheckout(calls: StripeCalls, open: PlanCheckoutRecord): Promise<void> {
  if ((await expireCheckoutSession(calls, open.sessionId, undefined)) === 'completed')
    throw conflict(paymentServerErrors.planCheckoutJustPaid);
}

/** The URL of the seller's one plan checkout for `plan`, replacing an open one of another plan. */
export async function onePlanCheckout(
  calls: StripeCalls,
  user: Pick<UserRecord, 'userId' | 'stripeSubscriptionId'>,
  plan: PlanId,
  create: CreatePlanSession,
  now = Date.now(),
): Promise<string> {
  const last = await getPlanCheckout(user.userId);
  const basis = subscriptionBasis(user);
  const open = last && last.expiresAtMs > now && last.after === basis ? last : undefined;
  if (open?.plan === plan) return open.url;
  if (open) await endOpenCheckout(calls, open);
  const session = await stripeCall('subscription checkout', () => create(planCheckoutKey(user, plan, last)));
  if (!session.url) throw conflict(paymentServerErrors.stripeUnavailable);
  const record = {
    sessionId: session.id,
    plan,
    url: session.url,
    expiresAtMs: session.expires_at * 1000,
    after: basis,
  };
  if (await recordPlanCheckout(user.userId, last?.sessionId, record, now)) return session.url;
  // Another checkout was recorded meanwhile: this one must not stay payable beside it.
  await expireCheckoutSession(calls, session.id, undefined);
  throw conflict(paymentServerErrors.planCheckoutOpenedElsewhere);
}
