/**
 * Subscription webhooks: customer.subscription.created / updated / deleted carry the subscription;
 * invoice.paid / invoice.payment_failed name it, and it is read from Stripe as it is now. Either way the
 * snapshot is applied only if it is newer than what the seller's record holds (shared rule), with a
 * compare-and-set write so two deliveries at once cannot interleave; entitlements follow the plan.
 */
import { isPlanId, planByLookupKey, type PlanId } from '#shared/rules/plans';
import {
  entitlementsFor,
  isSubscriptionStatus,
  shouldApplySnapshot,
  type SubscriptionSnapshot,
} from '#shared/rules/subscription';
import { logger } from '../lib/logger';
import { getUser } from '../domains/sellers/seller-store';
import { replaceSubscription } from '../domains/billing/subscription-store';
import { stripe, type Stripe } from '../lib/stripe';
import { redeemReference } from '../domains/billing/checkout-record-store';
import { cancelExtraSubscription, isExtraSubscription } from './extra-subscriptions';

const MAX_ATTEMPTS = 5;

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : value?.id;

function planOf(subscription: Stripe.Subscription): PlanId | undefined {
  const price = subscription.items.data[0]?.price;
  const byKey = planByLookupKey(price?.lookup_key)?.id;
  if (byKey) return byKey;
  const fromMetadata = subscription.metadata?.plan;
  return isPlanId(fromMetadata) ? fromMetadata : undefined;
}

export function snapshotOf(
  subscription: Stripe.Subscription,
  eventCreated: number,
): SubscriptionSnapshot | undefined {
  if (!isSubscriptionStatus(subscription.status)) return undefined;
  const item = subscription.items.data[0];
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    plan: planOf(subscription),
    startDate: subscription.start_date,
    currentPeriodStart: item?.current_period_start,
    currentPeriodEnd: item?.current_period_end,
    trialEnd: subscription.trial_end ?? undefined,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    eventCreated,
  };
}

export async function applySubscription(
  subscription: Stripe.Subscription,
  eventCreated: number,
): Promise<void> {
  const userId = subscription.metadata?.userId;
  const snapshot = snapshotOf(subscription, eventCreated);
  if (!userId || !snapshot) {
    logger.warn('subscription event without a seller or a known status', { subscriptionId: subscription.id });
    return;
  }
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const user = await getUser(userId);
    if (!user) {
      logger.warn('subscription event for an unknown seller', { userId, subscriptionId: subscription.id });
      return;
    }
    // A second plan paid at once: cancelled and refunded, unless the one on record has ended in Stripe.
    const extra = isExtraSubscription(user, snapshot);
    if (extra && (await cancelExtraSubscription(subscription, user.stripeSubscriptionId ?? ''))) return;
    if (!shouldApplySnapshot(user, snapshot)) return;
    const entitlements = entitlementsFor(snapshot.status, snapshot.plan);
    if (await replaceSubscription(userId, user, snapshot, entitlements)) return;
  }
  throw new Error(`subscription ${subscription.id}: the seller record kept changing`);
}

export const onSubscriptionEvent = (event: Stripe.Event): Promise<void> =>
  applySubscription(event.data.object as Stripe.Subscription, event.created);

/** Invoices name their subscription; its current state (paid → active, failed → past due) is read back. */
export async function onInvoiceEvent(event: Stripe.Event): Promise<void> {
  const invoice = event.data.object as Stripe.Invoice;
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionId) return;
  const client = await stripe();
  const subscription = await client.subscriptions.retrieve(subscriptionId);
  await applySubscription(subscription, event.created);
}

/**
 * A subscription-mode Checkout Session completed. Ours carry the seller in the subscription's metadata,
 * which only our secret key can write. One started from Stripe's public pricing table carries only the
 * `client_reference_id` the page gave it: it subscribes a seller only if it is a reference we minted,
 * live when the checkout started and not used by another session (functions/lib/once-markers.ts). Then the
 * seller is written into the subscription's metadata, where later events find them. Anything else (no
 * reference, a raw seller id, a forged, expired or reused reference) is logged and applied to nobody.
 */
export async function onSubscriptionCheckoutCompleted(
  session: Stripe.Checkout.Session,
  eventCreated: number,
): Promise<void> {
  const subscriptionId = idOf(session.subscription);
  if (!subscriptionId) return;
  const client = await stripe();
  const subscription = await client.subscriptions.retrieve(subscriptionId);
  if (subscription.metadata?.userId) {
    await applySubscription(subscription, eventCreated);
    return;
  }
  const redemption = await redeemReference(session.client_reference_id, session.id, session.created * 1000);
  if ('refused' in redemption) {
    logger.warn('subscription checkout not applied to any seller: its pricing-table reference was refused', {
      sessionId: session.id,
      subscriptionId,
      reason: redemption.refused,
    });
    return;
  }
  const claimed = await client.subscriptions.update(subscriptionId, {
    metadata: { userId: redemption.sellerId },
  });
  await applySubscription(claimed, eventCreated);
}
