/**
 * S13: account.updated events out of order. A seller's account goes pending, then active; Stripe's
 * earlier (pending) event arriving after the newer one must not take payment acceptance away: the
 * product reads the account from Stripe rather than trusting the event's snapshot.
 */
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { getUser } from '../../functions/domains/sellers/seller-store';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { control, stripeOf, submitForm } from '../integration/payments-helpers';
import { call, newSeller } from '@shutterlane/harness/seller-tools-helpers';
import { deliverSigned } from './support/stripe-cases';

const env = useTestStack();

describe('S13 a stale account.updated after a newer one', () => {
  it('re-reads the account from Stripe and keeps the newer state', async () => {
    const seller = await newSeller(env, { paymentAcceptanceEnabled: true, plan: 'advanced' });
    const onboarding = await call(env, seller, 'POST', '/connect/onboarding', {});
    expect(onboarding.status, JSON.stringify(onboarding.body)).toBe(200);
    await submitForm(String(onboarding.body.onboardingUrl), { outcome: 'pending' });
    const accountId = String((await getUser(seller.userId))?.stripeAccountId);
    await expect.poll(async () => (await getUser(seller.userId))?.stripeAccountId).toMatch(/^acct_/);

    await control(env, `/accounts/${accountId}/verify`);
    await expect
      .poll(async () => (await getUser(seller.userId))?.chargesEnabled, { timeout: 10_000 })
      .toBe(true);

    // Stripe's account.updated events for the account, oldest first: the pending one is the stale one.
    const events = await stripeOf(env).events.list(
      { type: 'account.updated', limit: 100 },
      { stripeAccount: accountId },
    );
    const updates = [...events.data].reverse();
    const stale = updates.find((event) => !(event.data.object as Stripe.Account).charges_enabled);
    expect(stale, 'a pending account.updated').toBeDefined();
    expect((updates.at(-1)!.data.object as Stripe.Account).charges_enabled).toBe(true);

    // Stripe's own delivery of the same event may still be under way: the webhook answers 409 for it,
    // and Stripe delivers again later, as this does.
    await expect
      .poll(() => deliverSigned(env, JSON.stringify(stale, null, 2)), { timeout: 30_000, interval: 1_000 })
      .toEqual({ status: 200, body: { received: true } });
    // A forged-looking replay with the stale snapshot but a fresh id: the same.
    const replay = { ...stale!, id: `${stale!.id}_late`, created: Math.floor(Date.now() / 1000) };
    expect((await deliverSigned(env, JSON.stringify(replay, null, 2))).status).toBe(200);

    const user = await getUser(seller.userId);
    expect(user).toMatchObject({ chargesEnabled: true, stripeAccountId: accountId });
    expect((await call(env, seller, 'GET', '/connect/status')).body).toMatchObject({ status: 'active' });
  });
});
