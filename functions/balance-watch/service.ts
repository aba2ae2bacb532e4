/**
 * The negative-balance watch: reads every connected account's balance from Stripe and counts the
 * accounts whose balance is negative (negative-balance.ts), logging each with who bears the loss if
 * Stripe cannot recover it. `balance.available` events cannot do this: Stripe does not send them for
 * negative transactions, and a refund or a lost dispute is exactly that.
 */
import { countMetric } from '../lib/metrics';
import { METRIC } from '#shared/platform/metric-names';
import { logger } from '../lib/logger';
import { stripe, type Stripe } from '../lib/stripe';
import { lossesBorneBy, negativeBalances, type NegativeBalance } from './negative-balance';

/** Balances read at once: Stripe's live rate limit is shared with the customers' calls. */
export const BALANCE_READS_AT_ONCE = 4;

export interface NegativeAccount {
  accountId: string;
  /** The seller, from the metadata the account was made with. */
  userId?: string;
  borneBy: 'stripe' | 'platform';
  balances: NegativeBalance[];
}

export interface WatchResult {
  accountsChecked: number;
  /** Accounts whose balance could not be read (logged, counted as Stripe failures). */
  unreadable: number;
  negative: NegativeAccount[];
}

async function negativeAccount(
  client: Stripe,
  account: Stripe.Account,
): Promise<NegativeAccount | undefined> {
  const balance = await client.balance.retrieve({}, { stripeAccount: account.id });
  const balances = negativeBalances(balance);
  if (balances.length === 0) return undefined;
  return {
    accountId: account.id,
    ...(account.metadata?.userId && { userId: account.metadata.userId }),
    borneBy: lossesBorneBy(account),
    balances,
  };
}

export async function watchBalances(): Promise<WatchResult> {
  const client = await stripe();
  const result: WatchResult = { accountsChecked: 0, unreadable: 0, negative: [] };
  const check = async (batch: Stripe.Account[]) => {
    const outcomes = await Promise.allSettled(batch.map((account) => negativeAccount(client, account)));
    outcomes.forEach((outcome, index) => {
      result.accountsChecked += 1;
      if (outcome.status === 'fulfilled') {
        if (outcome.value) result.negative.push(outcome.value);
        return;
      }
      result.unreadable += 1;
      countMetric(METRIC.stripeFailures);
      logger.warn('connected account balance unreadable', {
        accountId: batch[index]!.id,
        error: outcome.reason,
      });
    });
  };
  let batch: Stripe.Account[] = [];
  for await (const account of client.accounts.list({ limit: 100 })) {
    batch.push(account);
    if (batch.length < BALANCE_READS_AT_ONCE) continue;
    await check(batch);
    batch = [];
  }
  await check(batch);
  // Written on every run, zero included, so the alarm's hourly period always has its datapoint.
  countMetric(METRIC.negativeBalanceAccounts, result.negative.length);
  for (const account of result.negative) logger.warn('connected account balance negative', { ...account });
  logger.info('connected account balances checked', {
    accountsChecked: result.accountsChecked,
    unreadable: result.unreadable,
    negative: result.negative.length,
  });
  return result;
}
