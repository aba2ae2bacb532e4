/**
 * An account's balance (`GET /v1/balance`, the platform's or, with the `Stripe-Account` header, a
 * connected account's): its balance transactions' `net` summed per currency, split into `available`
 * (past their `available_on`) and `pending`, as Stripe reports it. Payouts are not modelled, so nothing
 * leaves an available balance; a refund or a dispute's withdrawal makes it negative exactly when it
 * takes more than the account's sales left after fees. Each list has an entry in the account's default
 * currency even when nothing moved (Stripe lists a zero amount).
 */
import type Stripe from 'stripe';
import type { EmulatorContext } from '../context';
import { unixNow } from '../webhooks/signing';
import { ownedNewestFirst, type Owner } from './ownership';

type Amount = Stripe.Balance.Available;

/** The platform's own currency in the emulator (its account is British, like the app's sellers). */
const PLATFORM_CURRENCY = 'gbp';

const amountsOf = (sums: Map<string, { amount: number; card: number }>): Amount[] =>
  [...sums.entries()].map(([currency, { amount, card }]) => ({
    amount,
    currency,
    source_types: { card },
  }));

export function balanceOf(ctx: EmulatorContext, owner: Owner, now = unixNow()): Stripe.Balance {
  const currency =
    owner === null ? PLATFORM_CURRENCY : (ctx.state.accounts[owner]?.default_currency ?? PLATFORM_CURRENCY);
  const available = new Map([[currency, { amount: 0, card: 0 }]]);
  const pending = new Map([[currency, { amount: 0, card: 0 }]]);
  for (const transaction of ownedNewestFirst(ctx, ctx.state.balanceTransactions, owner)) {
    const sums = transaction.available_on <= now ? available : pending;
    const sum = sums.get(transaction.currency) ?? { amount: 0, card: 0 };
    sum.amount += transaction.net;
    // Every payment the emulator takes is a card payment (Bacs debits are reported as card here too).
    sum.card += transaction.net;
    sums.set(transaction.currency, sum);
  }
  return { object: 'balance', available: amountsOf(available), pending: amountsOf(pending), livemode: false };
}
