/**
 * The demo seller's Advanced plan as a real (emulated) Stripe subscription, started through the same
 * checkout a seller uses and applied by the same webhooks, so 'Manage Subscription' opens the billing
 * portal. It is a first subscription, so it starts with the free trial.
 *
 * A start interrupted after the checkout was paid left events the webhook never took (Stripe would keep
 * retrying them; the emulator's retries end with its process): the next start resends them, as an operator
 * resends an event from the Dashboard, and the webhook applies them once, as it applies any retry.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { startSubscriptionCheckout } from '../../../functions/billing/service';
import { stripe } from '../../../functions/lib/stripe';
import { getUser } from '../../../functions/domains/sellers/seller-store';
import { callControl, submitCheckoutPage } from '@shutterlane/stripe-emulator/testing';

/** Generous: on a loaded machine the webhook function's first start takes a while. */
const WEBHOOK_WAIT_MS = 60_000;
const SUBSCRIPTION_EVENTS = /^(checkout\.session\.|customer\.subscription\.|invoice\.)/;

async function subscribed(sellerId: string, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  do {
    const user = await getUser(sellerId);
    if (user?.stripeSubscriptionId && user.plan === 'advanced') return true;
    await sleep(100);
  } while (Date.now() < deadline);
  return false;
}

/** Resends the subscription's events an interrupted start left behind; false when there were none. */
async function resendSubscriptionEvents(stripeUrl: string): Promise<boolean> {
  const events = await (await stripe()).events.list({ limit: 100 });
  const ours = events.data.filter((event) => SUBSCRIPTION_EVENTS.test(event.type)).reverse();
  for (const event of ours) await callControl(stripeUrl, 'POST', `/events/${event.id}/resend`);
  return ours.length > 0;
}

export async function subscribeDemoSeller(sellerId: string, stripeUrl: string): Promise<void> {
  if ((await resendSubscriptionEvents(stripeUrl)) && (await subscribed(sellerId, WEBHOOK_WAIT_MS))) return;
  const { url } = await startSubscriptionCheckout(sellerId, 'advanced');
  const paid = await submitCheckoutPage(url);
  if (paid.status >= 400) throw new Error(`The demo subscription checkout failed (${paid.status})`);
  if (!(await subscribed(sellerId, WEBHOOK_WAIT_MS)))
    throw new Error("The demo seller's subscription webhooks did not arrive");
}
