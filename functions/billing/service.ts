/**
 * Subscriptions through Stripe Billing: Checkout in subscription mode for a seller without a live
 * subscription (the seller in the subscription's metadata, which only our secret key can set; email
 * prefilled, a free trial the first time), and the billing portal for one who has: plan switches happen
 * there (upgrades at once, downgrades at the next period, as the portal is configured in Stripe), as do
 * cancellations. A seller who subscribes from Stripe's pricing table instead gets a single-use reference
 * for it (functions/lib/once-markers.ts).
 */
import { FREE_TRIAL_DAYS, PLAN_IDS, type PlanId } from '#shared/rules/plans';
import { paymentServerErrors } from '#shared/texts/payment-errors';
import { isLiveStatus } from '#shared/rules/subscription';
import type { RouteResponse } from '#shared/contract/routes';
import { appEnv } from '../lib/env';
import { conflict } from '../lib/http-error';
import { requireUser } from '../lib/require-user';
import { stripe } from '../lib/stripe';
import { stripeCall } from '../lib/stripe-call';
import { onAccount, requestStripeCalls } from '../domains/orders/stripe-checkout-sessions';
import { onePlanCheckout } from './plan-checkout';
import { planPrice } from './plan-prices';
import { plansPortalConfiguration } from './portal-configuration';
import { mintReference } from '../domains/billing/checkout-record-store';

export const SUBSCRIBED_RETURN_PATH = '/dashboard?subscription=started';
export const PORTAL_RETURN_PATH = '/manage-account';
export const PRICING_PATH = '/pricing';

async function portalUrl(customerId: string): Promise<string> {
  const { APP_URL } = appEnv();
  return stripeCall('billing portal', async () => {
    const client = await stripe();
    // The portal offers the plans' prices for switching: make sure each exists.
    await Promise.all(PLAN_IDS.map((plan) => planPrice(client, plan)));
    const session = await client.billingPortal.sessions.create({
      customer: customerId,
      configuration: await plansPortalConfiguration(client),
      return_url: `${APP_URL}${PORTAL_RETURN_PATH}`,
    });
    return session.url;
  });
}

export async function startSubscriptionCheckout(
  userId: string,
  plan: PlanId,
): Promise<RouteResponse<'subscriptionCheckout'>> {
  const user = await requireUser(userId);
  // A second subscription would bill twice: a subscribed seller changes plan in the portal.
  if (isLiveStatus(user.subscriptionStatus) && user.stripeCustomerId) {
    return { url: await portalUrl(user.stripeCustomerId) };
  }
  const { APP_URL } = appEnv();
  const calls = await requestStripeCalls();
  const url = await onePlanCheckout(calls, user, plan, async (idempotencyKey) => {
    const price = await planPrice(calls.client, plan);
    return calls.client.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [{ price: price.id, quantity: 1 }],
        ...(user.stripeCustomerId ? { customer: user.stripeCustomerId } : { customer_email: user.email }),
        subscription_data: {
          metadata: { userId, plan },
          ...(!user.trialUsed && { trial_period_days: FREE_TRIAL_DAYS }),
        },
        metadata: { userId, plan },
        success_url: `${APP_URL}${SUBSCRIBED_RETURN_PATH}`,
        cancel_url: `${APP_URL}${PRICING_PATH}`,
      },
      onAccount(calls, undefined, { idempotencyKey }),
    );
  });
  return { url };
}

export async function openBillingPortal(userId: string): Promise<RouteResponse<'billingPortal'>> {
  const user = await requireUser(userId);
  if (!user.stripeCustomerId) throw conflict(paymentServerErrors.noSubscriptionToManage);
  return { url: await portalUrl(user.stripeCustomerId) };
}

/**
 * A fresh reference for the signed-in seller's pricing table. The webhook believes nothing else a
 * pricing-table checkout carries: the table is public, and a seller id is no secret.
 */
export async function createPricingTableReference(
  userId: string,
): Promise<RouteResponse<'pricingTableReference'>> {
  await requireUser(userId);
  const now = Date.now();
  const { reference, expiresAtMs } = await mintReference(userId, now);
  return { reference, expiresInSeconds: Math.floor((expiresAtMs - now) / 1000) };
}
