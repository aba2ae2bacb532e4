/** The emulator's prices, trials, invoices, renewals, portal plan switch and onboarding outcomes. */
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, subscribeThroughCheckout, type TestEmulator } from '../testing';

let t: TestEmulator;
let basic: Stripe.Price;
let advanced: Stripe.Price;
beforeAll(async () => {
  t = await startTestEmulator();
  const price = (name: string, amount: number, key: string) =>
    t.stripe.prices.create({
      currency: 'gbp',
      unit_amount: amount,
      recurring: { interval: 'month' },
      product_data: { name },
      lookup_key: key,
    });
  basic = await price('Basic', 900, 'test_basic');
  advanced = await price('Advanced', 2400, 'test_advanced');
});
afterAll(() => t.stop());

const control = (path: string) => fetch(`${t.emulator.url}/__control${path}`, { method: 'POST' });

const subscribe = (price: Stripe.Price, trialDays?: number) =>
  subscribeThroughCheckout(t, price, { trialDays, clientReferenceId: 'user-1' });

const portalUrl = async (customer: string) =>
  (await t.stripe.billingPortal.sessions.create({ customer, return_url: 'http://app.test/manage-account' }))
    .url;

describe('prices', () => {
  it('finds prices by lookup key and refuses a second price with the same key', async () => {
    const found = await t.stripe.prices.list({ lookup_keys: ['test_advanced'] });
    expect(found.data.map((price) => price.id)).toEqual([advanced.id]);
    await expect(
      t.stripe.prices.create({
        currency: 'gbp',
        unit_amount: 1,
        product_data: { name: 'x' },
        lookup_key: 'test_basic',
      }),
    ).rejects.toThrow(/already uses that lookup key/);
  });
});

describe('subscriptions', () => {
  it('starts a trial with a zero invoice paid, and renews into a paid period', async () => {
    const subscription = await subscribe(basic, 14);
    expect(subscription.status).toBe('trialing');
    expect((subscription.trial_end ?? 0) - (subscription.trial_start ?? 0)).toBe(14 * 86_400);
    const invoiceEvent = await t.receiver.waitFor(
      (w) => w.body.includes('"invoice.paid"') && w.body.includes(subscription.id),
    );
    const invoice = t.verify(invoiceEvent).data.object as Stripe.Invoice;
    expect(invoice.amount_paid).toBe(0);
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);

    expect((await control(`/subscriptions/${subscription.id}/renew`)).status).toBe(200);
    const renewed = await t.stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.status).toBe('active');
  });

  it('upgrades at once, downgrades at the period end, and goes past due when a renewal fails', async () => {
    const subscription = await subscribe(basic);
    const url = await portalUrl(String(subscription.customer));
    const page = await (await fetch(url)).text();
    expect(page).toContain('Switch to Advanced (£24.00 per month)');
    const switchTo = (price: Stripe.Price) =>
      fetch(`${url}/subscriptions/${subscription.id}/switch`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ price: price.id }),
        redirect: 'manual',
      });
    expect((await switchTo(advanced)).status).toBe(303);
    expect((await t.stripe.subscriptions.retrieve(subscription.id)).items.data[0]?.price.id).toBe(
      advanced.id,
    );
    await t.waitForEvent('customer.subscription.updated', subscription.id);

    expect((await switchTo(basic)).status).toBe(303);
    expect((await t.stripe.subscriptions.retrieve(subscription.id)).items.data[0]?.price.id).toBe(
      advanced.id,
    );
    expect(await (await fetch(url)).text()).toContain('Changes to Basic on');

    await control(`/subscriptions/${subscription.id}/fail-renewal`);
    const failed = await t.stripe.subscriptions.retrieve(subscription.id);
    expect(failed.status).toBe('past_due');
    expect(failed.items.data[0]?.price.id).toBe(basic.id);
    await t.receiver.waitFor(
      (w) => w.body.includes('"invoice.payment_failed"') && w.body.includes(subscription.id),
    );
  });
});

describe('onboarding outcomes', () => {
  const onboard = async (outcome: string) => {
    const account = await t.stripe.accounts.create({
      type: 'express',
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    });
    const link = await t.stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'http://app.test/refresh',
      return_url: 'http://app.test/return',
    });
    const response = await fetch(link.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome }),
      redirect: 'manual',
    });
    expect(response.headers.get('location')).toBe('http://app.test/return');
    return t.stripe.accounts.retrieve(account.id);
  };

  it('leaves a pending account verifying until Stripe settles it', async () => {
    const account = await onboard('pending');
    expect(account).toMatchObject({ details_submitted: true, charges_enabled: false });
    expect(account.requirements?.disabled_reason).toBe('requirements.pending_verification');
    await control(`/accounts/${account.id}/verify`);
    expect((await t.stripe.accounts.retrieve(account.id)).charges_enabled).toBe(true);
  });

  it('restricts an account with an overdue document, which can still open its dashboard', async () => {
    const account = await onboard('restricted');
    expect(account.charges_enabled).toBe(false);
    expect(account.requirements?.past_due).toEqual(['individual.verification.document']);
    expect((await t.stripe.accounts.createLoginLink(account.id)).url).toContain('/express/');
  });
});
