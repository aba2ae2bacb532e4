import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOnboardedAccount,
  startTestEmulator,
  submitOnboardingPage,
  type TestEmulator,
} from '../testing';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(() => t.stop());

const createExpressAccount = () =>
  t.stripe.accounts.create({
    type: 'express',
    country: 'GB',
    email: 'photographer@example.com',
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
  });

const linkFor = (account: string) =>
  t.stripe.accountLinks.create({
    account,
    refresh_url: 'http://app.test/connect?connect_refresh=1',
    return_url: 'http://app.test/connect?connect_success=1',
    type: 'account_onboarding',
  });

describe('Connect Express accounts', () => {
  it('creates an account that cannot take charges until onboarded', async () => {
    const account = await createExpressAccount();
    expect(account.id).toMatch(/^acct_1[0-9A-Za-z]{15}$/);
    expect(account).toMatchObject({
      object: 'account',
      type: 'express',
      country: 'GB',
      email: 'photographer@example.com',
      default_currency: 'gbp',
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
    });
    expect(account.requirements?.currently_due?.length).toBeGreaterThan(0);
    expect((await t.stripe.accounts.retrieve(account.id)).id).toBe(account.id);
  });

  it('onboards through the hosted page: charges enabled, account.updated sent, back to return_url', async () => {
    const account = await createExpressAccount();
    const link = await linkFor(account.id);
    expect(link.object).toBe('account_link');
    expect(link.expires_at).toBeGreaterThan(link.created);
    expect(link.url.startsWith(`${t.emulator.url}/`)).toBe(true);

    const page = await fetch(link.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('value="active">Complete onboarding</button>');
    expect(html).toContain(account.id);

    const completed = await submitOnboardingPage(link.url);
    expect(completed.status).toBe(303);
    expect(completed.headers.get('location')).toBe('http://app.test/connect?connect_success=1');

    const onboarded = await t.stripe.accounts.retrieve(account.id);
    expect(onboarded).toMatchObject({
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { card_payments: 'active', transfers: 'active' },
    });
    expect(onboarded.requirements?.currently_due).toEqual([]);

    const event = await t.waitForEvent('account.updated', account.id);
    expect(event.account).toBe(account.id);
    expect(event.data.object).toMatchObject({ id: account.id, charges_enabled: true });
    expect(event.data.previous_attributes).toMatchObject({ charges_enabled: false });
  });

  it('sends a used or unknown account link elsewhere instead of onboarding twice', async () => {
    const account = await createExpressAccount();
    const link = await linkFor(account.id);
    await submitOnboardingPage(link.url);
    const again = await fetch(link.url, { redirect: 'manual' });
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('http://app.test/connect?connect_refresh=1');
    expect((await fetch(`${t.emulator.url}/setup/e/${account.id}/not-a-token`)).status).toBe(404);
  });

  it('gives login links to the Express dashboard only after onboarding', async () => {
    const account = await createExpressAccount();
    await expect(t.stripe.accounts.createLoginLink(account.id)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
    const onboarded = await createOnboardedAccount(t.stripe);
    const login = await t.stripe.accounts.createLoginLink(onboarded.id);
    expect(login.object).toBe('login_link');
    const page = await fetch(login.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>Express dashboard</h1>');
  });

  it('answers Stripe errors for unknown accounts and bad parameters', async () => {
    const unknown = t.stripe.accounts.retrieve('acct_1doesnotexist00');
    await expect(unknown).rejects.toBeInstanceOf(Stripe.errors.StripePermissionError);

    const badLink = await linkFor('acct_1doesnotexist00').catch((error: unknown) => error);
    expect(badLink).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(badLink).toMatchObject({ code: 'resource_missing', param: 'account', statusCode: 404 });

    const badEmail = await t.stripe.accounts
      .create({ type: 'express', email: 'not-an-email' })
      .catch((e: unknown) => e);
    expect(badEmail).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(badEmail).toMatchObject({ param: 'email', statusCode: 400 });
  });
});
