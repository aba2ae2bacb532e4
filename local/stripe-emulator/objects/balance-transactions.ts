/**
 * Balance transactions: every movement of an account's money (a charge, a refund, a dispute's
 * withdrawal and reinstatement, an application fee). Each is `pending` until its `available_on`
 * (the account's payout `delay_days` after the day it happened), then `available`: the status is
 * worked out whenever the transaction is read, so it follows the clock.
 */
import type Stripe from 'stripe';
import type { EmulatorContext } from '../context';
import { newId } from '../ids';
import { unixNow } from '../webhooks/signing';
import { recordOwner, type Owner } from './ownership';
import { PLATFORM_DELAY_DAYS, availableOn, payoutSettingsOf } from './payout-schedule';

export interface BalanceTransactionSpec {
  owner: Owner;
  amount: number;
  currency: string;
  feeDetails: Stripe.BalanceTransaction.FeeDetail[];
  type: Stripe.BalanceTransaction.Type;
  reportingCategory: string;
  source: string;
  description: string | null;
}

/** How long the owner's funds stay pending: its payout schedule's `delay_days` (the platform's own). */
export const delayDaysOf = (ctx: EmulatorContext, owner: Owner): number => {
  const account = owner === null ? undefined : ctx.state.accounts[owner];
  return account === undefined ? PLATFORM_DELAY_DAYS : payoutSettingsOf(account).schedule.delay_days;
};

const statusAt = (transaction: Stripe.BalanceTransaction, now: number) =>
  transaction.available_on <= now ? 'available' : 'pending';

/** The transaction as Stripe shows it now (its status follows `available_on`). */
export const presentBalanceTransaction = (
  transaction: Stripe.BalanceTransaction,
  now = unixNow(),
): Stripe.BalanceTransaction => ({ ...transaction, status: statusAt(transaction, now) });

export const recordBalanceTransaction = (
  ctx: EmulatorContext,
  spec: BalanceTransactionSpec,
): Stripe.BalanceTransaction => {
  const created = unixNow();
  const fee = spec.feeDetails.reduce((sum, detail) => sum + detail.amount, 0);
  const transaction: Stripe.BalanceTransaction = presentBalanceTransaction(
    {
      id: newId('balanceTransaction'),
      object: 'balance_transaction',
      amount: spec.amount,
      available_on: availableOn(created, delayDaysOf(ctx, spec.owner)),
      balance_type: 'payments',
      created,
      currency: spec.currency,
      description: spec.description,
      exchange_rate: null,
      fee,
      fee_details: spec.feeDetails,
      net: spec.amount - fee,
      reporting_category: spec.reportingCategory,
      source: spec.source,
      status: 'pending',
      type: spec.type,
    },
    created,
  );
  ctx.state.balanceTransactions[transaction.id] = transaction;
  recordOwner(ctx, transaction.id, spec.owner);
  ctx.store.changed();
  return transaction;
};

/** A fee line of a balance transaction, e.g. Stripe's processing fee or the platform's application fee. */
export const feeDetail = (
  amount: number,
  currency: string,
  type: 'stripe_fee' | 'application_fee',
  description: string,
  application: string | null = null,
): Stripe.BalanceTransaction.FeeDetail => ({ amount, application, currency, description, type });
