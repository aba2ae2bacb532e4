/**
 * Connected accounts made with controller properties, as Shutterlane makes them: the controller
 * returned as Stripe returns it, the combinations Stripe refuses, login links by dashboard, the list of
 * the platform's accounts, and balances (a direct charge refunded in full leaves the seller owing
 * Stripe's fee and ours).
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTED_ACCOUNT_CONTROLLER } from '../../../functions/connect/account-config';
import { negativeBalances } from '../../../functions/balance-watch/negative-balance';
import {
  createOnboardedAccount,
  failure,
  paidDirectCharge,
  refundAsSeller,
  SHUTTERLANE_PAYOUTS,
  startTestEmulator,
  type TestEmulator,
} from '../testing';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(() => t.stop());

const ours = (email: string) =>
  createOnboardedAccount(t.stripe, email, {
    controller: CONNECTED_ACCOUNT_CONTROLLER,
    payoutSchedule: SHUTTERLANE_PAYOUTS,
  });

describe('the controller on create', () => {
  it('is returned as given, with Stripe’s own fields, on create, retrieve and list', async () => {
    const account = await ours('controller@example.com');
    const expected = { type: 'application', is_controller: true, ...CONNECTED_ACCOUNT_CONTROLLER };
    expect(account.controller).toEqual(expected);
    // No legacy type has this combination.
    expect(account.type).toBe('none');
    expect((await t.stripe.accounts.retrieve(account.id)).controller).toEqual(expected);
    const listed = await t.stripe.accounts.list({ limit: 100 }).autoPagingToArray({ limit: 1000 });
    expect(listed.find((candidate) => candidate.id === account.id)?.controller).toEqual(expected);
  });

  it('gives accounts made by type the controller Stripe sets for the type', async () => {
    const legacy = await createOnboardedAccount(t.stripe, 'legacy@example.com');
    expect(legacy.type).toBe('express');
    expect(legacy.controller).toMatchObject({
      fees: { payer: 'application_express' },
      losses: { payments: 'application' },
      stripe_dashboard: { type: 'express' },
    });
  });

  it.each([
    [
      'losses on the platform while the seller pays the fees',
      { ...CONNECTED_ACCOUNT_CONTROLLER, losses: { payments: 'application' } } as const,
      'controller[fees][payer]',
    ],
    [
      'the Express Dashboard with requirements collected by the platform',
      { ...CONNECTED_ACCOUNT_CONTROLLER, requirement_collection: 'application' } as const,
      'controller[requirement_collection]',
    ],
  ])('refuses %s, creating nothing', async (_, controller, param) => {
    const before = (await t.stripe.accounts.list({ limit: 100 }).autoPagingToArray({ limit: 1000 })).length;
    const refused = await failure(t.stripe.accounts.create({ controller, country: 'GB' }));
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({ statusCode: 400, param });
    const after = (await t.stripe.accounts.list({ limit: 100 }).autoPagingToArray({ limit: 1000 })).length;
    expect(after).toBe(before);
  });

  it('refuses a type with a controller', async () => {
    const refused = await failure(
      t.stripe.accounts.create({ type: 'express', controller: CONNECTED_ACCOUNT_CONTROLLER }),
    );
    expect(refused).toMatchObject({ statusCode: 400, param: 'type' });
  });

  it('makes login links for accounts with the Express Dashboard only', async () => {
    const account = await ours('dashboard@example.com');
    expect((await t.stripe.accounts.createLoginLink(account.id)).url).toMatch(/\/express\//);
    const full = await createOnboardedAccount(t.stripe, 'full@example.com', {
      controller: { stripe_dashboard: { type: 'full' } },
    });
    expect(full.controller?.losses?.payments).toBe('stripe');
    expect(await failure(t.stripe.accounts.createLoginLink(full.id))).toMatchObject({ statusCode: 400 });
  });
});

describe('balances', () => {
  it('starts at zero in the account’s currency', async () => {
    const account = await ours('zero@example.com');
    const balance = await t.stripe.balance.retrieve({}, { stripeAccount: account.id });
    expect(balance).toMatchObject({
      object: 'balance',
      livemode: false,
      available: [{ amount: 0, currency: 'gbp' }],
      pending: [{ amount: 0, currency: 'gbp' }],
    });
  });

  it('holds a sale pending for the payout delay, and goes negative when it is refunded in full', async () => {
    const account = await ours('refunded@example.com');
    const asSeller = { stripeAccount: account.id };
    const paymentIntent = await paidDirectCharge(t.stripe, account.id);
    // £25.00 less Stripe's 1.5% + 20p (58) and our 125, held for 28 days.
    const paid = await t.stripe.balance.retrieve({}, asSeller);
    expect(paid.pending).toMatchObject([{ amount: 2317, currency: 'gbp' }]);
    expect(paid.available).toMatchObject([{ amount: 0, currency: 'gbp' }]);
    expect(negativeBalances(paid)).toEqual([]);

    await refundAsSeller(t.stripe, account.id, { payment_intent: paymentIntent });
    const refunded = await t.stripe.balance.retrieve({}, asSeller);
    // The customer gets 2500 back; the fees are not returned: the seller owes them.
    expect(negativeBalances(refunded)).toMatchObject([{ currency: 'gbp', totalMinor: -183 }]);
    // The platform's balance holds its fee.
    const platform = await t.stripe.balance.retrieve();
    expect(platform.pending[0]!.amount).toBeGreaterThanOrEqual(125);
  });
});
