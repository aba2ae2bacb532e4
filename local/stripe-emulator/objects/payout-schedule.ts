/**
 * An account's `settings.payouts`, as account create and update accept it: the payout `schedule`
 * (`interval`, `delay_days`, `weekly_anchor` / `weekly_payout_days`, `monthly_anchor` /
 * `monthly_payout_days`), `debit_negative_balances` and `statement_descriptor`.
 *
 * `delay_days` is how long a charge's funds stay pending; it sets the `available_on` of the charge's
 * balance transaction (see `availableOn`). It may be `minimum` (the country's standard speed), never
 * lower, and at most 31 (the limit Stripe documents for overriding the delay). Where Stripe's refusals
 * are not documented the wording below is the emulator's.
 */
import { invalidRequest } from '../errors';
import type { Params } from '../params';
import type { Account } from './types';
import type Stripe from 'stripe';

type Payouts = Stripe.Account.Settings.Payouts;
type Schedule = Payouts['schedule'];

const INTERVALS = ['daily', 'manual', 'monthly', 'weekly'] as const;
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const PAYOUT_WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
const MAXIMUM_DELAY_DAYS = 31;
const SECONDS_PER_DAY = 24 * 60 * 60;

/**
 * The standard payout speed (days) by account country, which `minimum` means. Countries not listed
 * get 7, the longest standard speed, so the emulator refuses rather than accepts a doubtful value.
 */
const MINIMUM_DELAY_DAYS: Record<string, number> = { GB: 2, US: 2, AU: 2 };
const minimumDelayDays = (country: string) => MINIMUM_DELAY_DAYS[country] ?? 7;

/** The settings Stripe gives a new account: daily payouts at the country's standard speed. */
export const defaultPayoutSettings = (country: string): Payouts => ({
  debit_negative_balances: true,
  schedule: { delay_days: minimumDelayDays(country), interval: 'daily' },
  statement_descriptor: null,
});

export const payoutSettingsOf = (account: Account): Payouts =>
  account.settings?.payouts ?? defaultPayoutSettings(account.country);

/** The platform's own balance transactions are available after the GB standard delay. */
export const PLATFORM_DELAY_DAYS = minimumDelayDays('GB');

/**
 * When funds created at `created` become available: Stripe counts `delayDays` from the start (00:00
 * UTC) of the day of `created`, so `available_on` is always a midnight UTC. Stripe counts business days
 * for some countries; the emulator counts calendar days.
 */
export const availableOn = (created: number, delayDays: number): number =>
  Math.floor(created / SECONDS_PER_DAY) * SECONDS_PER_DAY + delayDays * SECONDS_PER_DAY;

const readDelayDays = (schedule: Params, country: string): number | undefined => {
  const raw = schedule.optionalString('delay_days');
  if (raw === undefined) return undefined;
  const minimum = minimumDelayDays(country);
  if (raw === 'minimum') return minimum;
  const param = schedule.name('delay_days');
  if (!/^\d+$/.test(raw)) throw invalidRequest(`Invalid integer: ${raw}`, param, 'parameter_invalid_integer');
  const days = Number(raw);
  if (days < minimum || days > MAXIMUM_DELAY_DAYS) {
    throw invalidRequest(
      `The delay_days for accounts in ${country} must be between ${minimum} and ${MAXIMUM_DELAY_DAYS}, or \`minimum\`.`,
      param,
    );
  }
  return days;
};

const readMonthDays = (schedule: Params): number[] | undefined => {
  if (!schedule.has('monthly_payout_days')) {
    schedule.ignore('monthly_payout_days');
    return undefined;
  }
  return schedule
    .checkedStringArray('monthly_payout_days', (value, param) => {
      if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 31) {
        throw invalidRequest('Days of the month must be between 1 and 31.', param);
      }
    })
    .map(Number);
};

/** Anchors and payout days belong to one interval: given for another, Stripe refuses them. */
const requireOnlyFor = (
  schedule: Params,
  interval: string,
  wanted: string,
  given: Record<string, unknown>,
): void => {
  for (const [name, value] of Object.entries(given)) {
    if (value !== undefined && interval !== wanted) {
      throw invalidRequest(
        `You can only set \`${name}\` when \`interval\` is \`${wanted}\`.`,
        schedule.name(name),
      );
    }
  }
};

const requireOneOf = (schedule: Params, names: [string, string], values: [unknown, unknown]) => {
  if (values.every((value) => value === undefined)) {
    throw invalidRequest(
      `One of \`${names[0]}\` or \`${names[1]}\` is required with this \`interval\`.`,
      schedule.name(names[0]),
    );
  }
};

const readSchedule = (schedule: Params, country: string, current: Schedule): Schedule => {
  const interval = schedule.optionalEnum('interval', INTERVALS) ?? current.interval;
  const delayDays = readDelayDays(schedule, country) ?? current.delay_days;
  const weeklyAnchor = schedule.optionalEnum('weekly_anchor', WEEKDAYS);
  const weeklyPayoutDays = schedule.has('weekly_payout_days')
    ? schedule.enumArray('weekly_payout_days', PAYOUT_WEEKDAYS)
    : undefined;
  schedule.ignore('weekly_payout_days');
  const monthlyAnchor = schedule.optionalInteger('monthly_anchor', 1);
  if (monthlyAnchor !== undefined && monthlyAnchor > 31) {
    throw invalidRequest('This value must be less than or equal to 31.', schedule.name('monthly_anchor'));
  }
  const monthlyPayoutDays = readMonthDays(schedule);
  requireOnlyFor(schedule, interval, 'weekly', {
    weekly_anchor: weeklyAnchor,
    weekly_payout_days: weeklyPayoutDays,
  });
  requireOnlyFor(schedule, interval, 'monthly', {
    monthly_anchor: monthlyAnchor,
    monthly_payout_days: monthlyPayoutDays,
  });
  const sameInterval = interval === current.interval;
  if (interval === 'weekly') {
    const anchor = weeklyAnchor ?? (sameInterval ? current.weekly_anchor : undefined);
    const days = weeklyPayoutDays ?? (sameInterval ? current.weekly_payout_days : undefined);
    requireOneOf(schedule, ['weekly_anchor', 'weekly_payout_days'], [anchor, days]);
    return {
      delay_days: delayDays,
      interval,
      ...(anchor === undefined ? {} : { weekly_anchor: anchor }),
      ...(days === undefined ? {} : { weekly_payout_days: days }),
    };
  }
  if (interval === 'monthly') {
    const anchor = monthlyAnchor ?? (sameInterval ? current.monthly_anchor : undefined);
    const days = monthlyPayoutDays ?? (sameInterval ? current.monthly_payout_days : undefined);
    requireOneOf(schedule, ['monthly_anchor', 'monthly_payout_days'], [anchor, days]);
    return {
      delay_days: delayDays,
      interval,
      ...(anchor === undefined ? {} : { monthly_anchor: anchor }),
      ...(days === undefined ? {} : { monthly_payout_days: days }),
    };
  }
  return { delay_days: delayDays, interval };
};

/** Settings Stripe accepts that the emulator does not model (it keeps only `payouts`). */
const UNMODELLED_SETTINGS = [
  'bacs_debit_payments',
  'branding',
  'card_issuing',
  'card_payments',
  'invoices',
  'payments',
  'paypay_payments',
  'sepa_debit_payments',
  'treasury',
];

/** `settings[payouts]` of an account create or update applied over `current`. */
export const readPayoutSettings = (params: Params, country: string, current: Payouts): Payouts => {
  const settings = params.optionalObject('settings');
  if (settings === undefined) return current;
  settings.ignore(...UNMODELLED_SETTINGS);
  const payouts = settings.optionalObject('payouts');
  if (payouts === undefined) return current;
  const schedule = payouts.optionalObject('schedule');
  return {
    debit_negative_balances:
      payouts.optionalBoolean('debit_negative_balances') ?? current.debit_negative_balances,
    schedule: schedule === undefined ? current.schedule : readSchedule(schedule, country, current.schedule),
    statement_descriptor: payouts.optionalString('statement_descriptor') ?? current.statement_descriptor,
  };
};
