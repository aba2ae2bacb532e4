/**
 * `settings.payouts.schedule` on Connect accounts: accepted on create and update with Stripe's
 * rules, returned on the account, and the delay the account's charges wait before they are available.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, startTestEmulator, type TestEmulator } from '../testing';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(() => t.stop());

type Schedule = Stripe.AccountCreateParams.Settings.Payouts.Schedule;

const accountWith = (schedule?: Schedule) =>
  t.stripe.accounts.create({
    type: 'express',
    country: 'GB',
    ...(schedule === undefined ? {} : { settings: { payouts: { schedule } } }),
  });

describe('payout schedules', () => {
  it('gives a new GB account daily payouts at the country’s standard delay', async () => {
    const account = await accountWith();
    expect(account.settings?.payouts).toEqual({
      debit_negative_balances: true,
      schedule: { delay_days: 2, interval: 'daily' },
      statement_descriptor: null,
    });
  });

  it('takes a 28-day daily schedule on create, and returns it when the account is read', async () => {
    const account = await accountWith({ interval: 'daily', delay_days: 28 });
    expect(account.settings?.payouts?.schedule).toEqual({ delay_days: 28, interval: 'daily' });
    const read = await t.stripe.accounts.retrieve(account.id);
    expect(read.settings?.payouts?.schedule).toEqual({ delay_days: 28, interval: 'daily' });
  });

  it('changes the schedule on update, keeping what the update leaves out', async () => {
    const account = await accountWith();
    const updated = await t.stripe.accounts.update(account.id, {
      settings: { payouts: { schedule: { delay_days: 28 }, statement_descriptor: 'SHUTTERLANE' } },
    });
    expect(updated.settings?.payouts).toMatchObject({
      schedule: { delay_days: 28, interval: 'daily' },
      statement_descriptor: 'SHUTTERLANE',
    });
    const weekly = await t.stripe.accounts.update(account.id, {
      settings: { payouts: { schedule: { interval: 'weekly', weekly_anchor: 'friday' } } },
    });
    expect(weekly.settings?.payouts?.schedule).toEqual({
      delay_days: 28,
      interval: 'weekly',
      weekly_anchor: 'friday',
    });
    const monthly = await t.stripe.accounts.update(account.id, {
      settings: { payouts: { schedule: { interval: 'monthly', monthly_anchor: 31, delay_days: 'minimum' } } },
    });
    expect(monthly.settings?.payouts?.schedule).toEqual({
      delay_days: 2,
      interval: 'monthly',
      monthly_anchor: 31,
    });
  });

  it.each<[string, Schedule, string]>([
    ['a delay below the country’s minimum', { interval: 'daily', delay_days: 1 }, 'delay_days'],
    ['a delay above 31 days', { interval: 'daily', delay_days: 32 }, 'delay_days'],
    ['an unknown interval', { interval: 'hourly' }, 'interval'],
    ['weekly without a day', { interval: 'weekly' }, 'weekly_anchor'],
    ['a weekly anchor on a daily schedule', { interval: 'daily', weekly_anchor: 'monday' }, 'weekly_anchor'],
    ['monthly without a day', { interval: 'monthly' }, 'monthly_anchor'],
    ['a monthly anchor of 32', { interval: 'monthly', monthly_anchor: 32 }, 'monthly_anchor'],
    [
      'a monthly anchor on a weekly schedule',
      { interval: 'weekly', weekly_anchor: 'monday', monthly_anchor: 1 },
      'monthly_anchor',
    ],
  ])('refuses %s', async (_case, schedule, field) => {
    const error = await failure(accountWith(schedule));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, param: `settings[payouts][schedule][${field}]` });
  });

  it('leaves the account unchanged when an update is refused', async () => {
    const account = await accountWith({ interval: 'daily', delay_days: 14 });
    const error = await failure(
      t.stripe.accounts.update(account.id, {
        email: 'not-an-email',
        settings: { payouts: { schedule: { delay_days: 28 } } },
      }),
    );
    expect(error).toMatchObject({ statusCode: 400, param: 'email' });
    expect((await t.stripe.accounts.retrieve(account.id)).settings?.payouts?.schedule?.delay_days).toBe(14);
  });
});
