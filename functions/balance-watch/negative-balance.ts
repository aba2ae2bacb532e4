/**
 * When a connected account's balance counts as negative: in some currency, what it holds now plus what
 * is still on its way (available + pending) is below zero, so the seller owes money even after every
 * pending payment settles (a refund or a lost dispute after the funds were paid out, or Stripe's fees on
 * a refunded sale). A negative available part alone, covered by pending funds, is the normal state after
 * a refund within the 28-day payout delay and is not counted: it settles by itself.
 */
import type { Stripe } from '../lib/stripe';

export interface NegativeBalance {
  currency: string;
  /** available + pending, in minor units: below zero. */
  totalMinor: number;
  availableMinor: number;
  pendingMinor: number;
}

const byCurrency = (amounts: readonly Stripe.Balance.Available[] | readonly Stripe.Balance.Pending[]) => {
  const sums = new Map<string, number>();
  for (const { amount, currency } of amounts) sums.set(currency, (sums.get(currency) ?? 0) + amount);
  return sums;
};

/** The currencies in which the balance is negative (see above), each with its parts. */
export function negativeBalances(balance: Pick<Stripe.Balance, 'available' | 'pending'>): NegativeBalance[] {
  const available = byCurrency(balance.available);
  const pending = byCurrency(balance.pending);
  const currencies = [...new Set([...available.keys(), ...pending.keys()])].sort();
  return currencies.flatMap((currency) => {
    const availableMinor = available.get(currency) ?? 0;
    const pendingMinor = pending.get(currency) ?? 0;
    const totalMinor = availableMinor + pendingMinor;
    return totalMinor < 0 ? [{ currency, totalMinor, availableMinor, pendingMinor }] : [];
  });
}

/**
 * Who bears a negative balance Stripe cannot recover from the seller: Stripe (`controller.losses.payments`
 * is `stripe`, the accounts made since the liability decision) or us (`application`: Express accounts
 * made before it, which keep the platform liable).
 */
export const lossesBorneBy = (account: Pick<Stripe.Account, 'controller'>): 'stripe' | 'platform' =>
  account.controller?.losses?.payments === 'stripe' ? 'stripe' : 'platform';
