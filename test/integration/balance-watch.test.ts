/**
 * The negative-balance watch through the local stack as deployed: the balance-watch function (its
 * bundle, template environment and secret) reads every connected account's balance from the Stripe
 * emulator, returns and logs the negative ones with who bears the loss, and writes the metric the alarm
 * reads. EventBridge's hourly schedule is not run locally: the test invokes the function as it would.
 * A stack of its own, so the accounts it counts are only this file's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTED_ACCOUNT_CONTROLLER } from '../../functions/connect/account-config';
import type { WatchResult } from '../../functions/balance-watch/service';
import { METRIC } from '#shared/platform/metric-names';
import { LOCAL_SECRETS } from '@shutterlane/local-stack/config';
import type { LocalStack } from '@shutterlane/local-stack/stack';
import { startOwnStack } from '@shutterlane/harness/own-stack';
import {
  createOnboardedAccount,
  paidDirectCharge,
  refundAsSeller,
  SHUTTERLANE_PAYOUTS,
} from '@shutterlane/stripe-emulator/testing';

let stack: LocalStack;
let dataDir: string;
let stripe: Stripe;
let output = '';

/** EventBridge's scheduled event, as Lambda receives it. */
const scheduledEvent = {
  version: '0',
  id: '53dc4d37-cffa-4f76-80c9-8b7d4a4d2eaa',
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: '000000000000',
  time: new Date().toISOString(),
  region: 'eu-west-2',
  resources: ['arn:aws:events:eu-west-2:000000000000:rule/balance-watch'],
  detail: {},
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-balance-watch-'));
  stack = await startOwnStack({
    dataDir,
    onFunctionOutput: (definition, text) => {
      if (definition.name === 'balance-watch') output += text;
    },
  });
  const url = new URL(stack.urls.stripe);
  stripe = new Stripe(LOCAL_SECRETS.stripeSecretKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
  });
}, 240_000);

/** The emulator's webhook deliveries made so far (its log of attempts). */
const deliveries = async (): Promise<number> => {
  const answer = await fetch(`${stack.urls.stripe}/__control/webhook-deliveries`);
  return ((await answer.json()) as { data: unknown[] }).data.length;
};

/** Until no delivery finishes for half a second: stopping under them would kill the webhook's workers. */
async function deliveriesSettled(): Promise<void> {
  let before = -1;
  for (let now = await deliveries(); now !== before; now = await deliveries()) {
    before = now;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

afterAll(async () => {
  if (stack) await deliveriesSettled();
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A paid £25.00 direct charge on the account, refunded in full when asked. */
async function sale(account: string, refund: boolean): Promise<void> {
  const paymentIntent = await paidDirectCharge(stripe, account);
  if (refund) await refundAsSeller(stripe, account, { payment_intent: paymentIntent });
}

const watch = async (): Promise<WatchResult> => {
  const outcome = await stack.invokeFunction('balance-watch', scheduledEvent);
  if (!outcome.ok) throw new Error(`balance-watch failed: ${outcome.errorMessage}`);
  return outcome.result as WatchResult;
};

/** The counts the function's EMF lines gave NegativeBalanceAccounts, in order. */
const metricCounts = (): number[] =>
  output
    .split('\n')
    .filter((line) => line.includes('"_aws"') && line.includes(METRIC.negativeBalanceAccounts))
    .map((line) => Number((JSON.parse(line) as Record<string, unknown>)[METRIC.negativeBalanceAccounts]));

describe('the balance watch', () => {
  it('counts no account while none is negative, and writes its zero', async () => {
    const fine = await createOnboardedAccount(stripe, 'fine@example.com', {
      controller: CONNECTED_ACCOUNT_CONTROLLER,
      payoutSchedule: SHUTTERLANE_PAYOUTS,
    });
    await sale(fine.id, false);
    expect(await watch()).toEqual({ accountsChecked: 1, unreadable: 0, negative: [] });
    expect(metricCounts()).toEqual([0]);
  });

  it('finds the accounts a full refund left owing, saying who bears each loss', async () => {
    const ours = await createOnboardedAccount(stripe, 'ours@example.com', {
      controller: CONNECTED_ACCOUNT_CONTROLLER,
      payoutSchedule: SHUTTERLANE_PAYOUTS,
    });
    // Made as accounts were before the liability decision: Express, the platform liable.
    const legacy = await createOnboardedAccount(stripe, 'legacy@example.com', {
      payoutSchedule: SHUTTERLANE_PAYOUTS,
    });
    await sale(ours.id, true);
    await sale(legacy.id, true);
    const result = await watch();
    expect(result.accountsChecked).toBe(3);
    const owing = (id: string) => result.negative.find((account) => account.accountId === id);
    expect(owing(ours.id)).toMatchObject({
      borneBy: 'stripe',
      balances: [{ currency: 'gbp', totalMinor: -183 }],
    });
    expect(owing(legacy.id)).toMatchObject({ borneBy: 'platform', balances: [{ currency: 'gbp' }] });
    expect(result.negative).toHaveLength(2);
    expect(metricCounts().at(-1)).toBe(2);
  });
});
