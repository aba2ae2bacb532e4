/**
 * The demo seller's Advanced plan as a real (emulated) Stripe subscription, started through the same
 * checkout a seller uses and applied by the same webhooks, so 'Manage Subscription' opens the billing
 * portal. It is a first subscription, so it starts with the free trial.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { startSubscriptionCheckout } from '../../../functions/billing/service';
import { getUser } from '../../../functions/domains/sellers/seller-store';
import { submitCheckoutPage } from '@shutterlane/stripe-emulator/testing';

const WEBHOOK_WAIT_MS = 15_000;

export async function subscribeDemoSeller(sellerId: string): Promise<void> {
  const { url } = await startSubscriptionCheckout(sellerId, 'advanced');
  const paid = await submitCheckoutPage(url);
  if (paid.status >= 400) throw new Error(`The demo subscription checkout failed (${paid.status})`);
  const deadline = Date.now() + WEBHOOK_WAIT_MS;
  while (Date.now() < deadline) {
    const user = await getUser(sellerId);
    if (user?.stripeSubscriptionId && user.plan === 'advanced') return;
    await sleep(100);
  }
  throw new Error("The demo seller's subscription webhooks did not arrive");
}
