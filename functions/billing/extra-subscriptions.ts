/**
 * A second live subscription of a seller who has one (two tabs paid two plans at the same moment, a
 * pricing-table checkout of a subscribed seller): the seller must not pay twice. The subscription the
 * seller's record holds is kept, if Stripe says it is still live; the other is cancelled at once and what
 * it charged is refunded in full on the platform (nothing, while in its free trial), counted for the
 * alarm. One refund per payment intent (the webhook's idempotency key), so redeliveries repeat nothing.
 */
import {
  isLiveStatus,
  type StoredSubscriptionState,
  type SubscriptionSnapshot,
} from '#shared/rules/subscription';
import { logger } from '../lib/logger';
import { countMetric } from '../lib/metrics';
import { METRIC } from '#shared/platform/metric-names';
import { stripe, type Stripe } from '../lib/stripe';
import { refundIdempotencyKey } from '../stripe-webhook/duplicate-payments';

/** A live subscription other than the live one the seller's record holds. */
export const isExtraSubscription = (
  stored: StoredSubscriptionState,
  incoming: SubscriptionSnapshot,
): boolean =>
  stored.stripeSubscriptionId !== undefined &&
  stored.stripeSubscriptionId !== incoming.subscriptionId &&
  isLiveStatus(stored.subscriptionStatus) &&
  isLiveStatus(incoming.status);

/** Nothing is charged before a free trial ends. */
const stillInTrial = (subscription: Stripe.Subscription, nowSeconds: number): boolean =>
  subscription.trial_end !== null && subscription.trial_end > nowSeconds;

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : value?.id;

/** The payment intents of the subscription's paid invoices. */
async function paidPaymentIntents(client: Stripe, subscriptionId: string): Promise<string[]> {
  const invoices = await client.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 100 });
  const intents: string[] = [];
  for (const invoice of invoices.data) {
    const payments = await client.invoicePayments.list({ invoice: invoice.id ?? '', limit: 100 });
    for (const payment of payments.data) {
      const intent = idOf(payment.payment.payment_intent);
      if (payment.status === 'paid' && intent) intents.push(intent);
    }
  }
  return intents;
}

async function refundCharged(client: Stripe, subscription: Stripe.Subscription): Promise<void> {
  if (stillInTrial(subscription, Math.floor(Date.now() / 1000))) return;
  for (const paymentIntent of await paidPaymentIntents(client, subscription.id)) {
    await client.refunds
      .create(
        {
          payment_intent: paymentIntent,
          reason: 'duplicate',
          metadata: { subscriptionId: subscription.id, refundedBecause: 'a second subscription' },
        },
        { idempotencyKey: refundIdempotencyKey(paymentIntent) },
      )
      .catch((error: unknown) => {
        if (!(error instanceof client.errors.StripeInvalidRequestError)) throw error;
        if (error.code !== 'charge_already_refunded') throw error;
      });
  }
}

/** Cancels a subscription; another event's handler cancelling it at the same moment is no failure. */
async function cancelOnce(client: Stripe, subscriptionId: string): Promise<void> {
  try {
    await client.subscriptions.cancel(subscriptionId);
  } catch (error) {
    if (!(error instanceof client.errors.StripeInvalidRequestError)) throw error;
    if ((await client.subscriptions.retrieve(subscriptionId)).status !== 'canceled') throw error;
  }
}

/**
 * Cancels and refunds `extra` if the seller's subscription `keptId` is still live in Stripe; false when it
 * is not (the record is behind Stripe), so `extra` is the seller's plan now and is applied as usual.
 */
export async function cancelExtraSubscription(extra: Stripe.Subscription, keptId: string): Promise<boolean> {
  const client = await stripe();
  const kept = await client.subscriptions.retrieve(keptId);
  if (!isLiveStatus(kept.status)) return false;
  const current = await client.subscriptions.retrieve(extra.id);
  if (current.status !== 'canceled') await cancelOnce(client, extra.id);
  await refundCharged(client, current);
  countMetric(METRIC.extraSubscriptionsCancelled);
  logger.error('a second subscription of a subscribed seller was cancelled and refunded', {
    sellerId: extra.metadata?.userId,
    keptSubscriptionId: keptId,
    cancelledSubscriptionId: extra.id,
  });
  return true;
}
