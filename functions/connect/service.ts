/**
 * Payment acceptance (Stripe Connect, Express Dashboard): onboarding creates the seller's account once
 * (account-config.ts: the seller pays Stripe's fees and Stripe bears what a seller cannot pay back) and
 * hands out a fresh account link; the status reads the account from Stripe (so it is current even before the
 * account.updated webhook lands), stores it, and adds a login link to the Express dashboard once the
 * seller has submitted their details.
 *
 * Payouts reach the seller 28 days after the customer pays (the spec): orders are direct charges on the
 * seller's account, so that account's payout schedule decides, and every account gets daily payouts of
 * funds held 28 days (`delay_days`), set at creation and put back whenever the account is read or
 * refreshed (accounts made before, or changed since).
 */
import { PAYOUT_DELAY_DAYS } from '#shared/rules/constants';
import { paymentServerErrors, connectStatusMessages } from '#shared/texts/payment-errors';
import { connectStatusOf } from '#shared/rules/connect-status';
import type { RouteResponse } from '#shared/contract/routes';
import { appEnv } from '../lib/env';
import { forbidden } from '../lib/http-error';
import { type UserRecord } from '../domains/sellers/seller-store';
import {
  attachConnectAccount,
  saveConnectState,
  saveOnboardingUrl,
  type ConnectState,
} from '../domains/payouts/connect-account-store';
import { requireUser } from '../lib/require-user';
import { stripe, type Stripe } from '../lib/stripe';
import { CONNECTED_ACCOUNT_API_VERSION, CONNECTED_ACCOUNT_CONTROLLER } from './account-config';
import { REQUEST_STRIPE_BUDGET_MS, StripeDeadline, stripeCall } from '../lib/stripe-call';

/** Daily payouts of what became available: each payment's funds 28 days after it was made. */
export const PAYOUT_SCHEDULE = { interval: 'daily', delay_days: PAYOUT_DELAY_DAYS } as const;

const hasPayoutSchedule = (account: Stripe.Account): boolean => {
  const schedule = account.settings?.payouts?.schedule;
  return (
    schedule?.interval === PAYOUT_SCHEDULE.interval && schedule.delay_days === PAYOUT_SCHEDULE.delay_days
  );
};

/** The account with our payout schedule, setting it if Stripe holds another. */
async function withPayoutSchedule(
  client: Stripe,
  account: Stripe.Account,
  options?: Stripe.RequestOptions,
): Promise<Stripe.Account> {
  if (hasPayoutSchedule(account)) return account;
  return client.accounts.update(
    account.id,
    { settings: { payouts: { schedule: PAYOUT_SCHEDULE } } },
    options,
  );
}

export const CONNECT_RETURN_PATH = '/dashboard?connect_success=true';
export const CONNECT_REFRESH_PATH = '/dashboard?connect_refresh=true';

/** The seller's Express account, created at most once (idempotency key per seller, conditional attach). */
async function ensureAccount(client: Stripe, user: UserRecord, deadline: StripeDeadline): Promise<string> {
  if (user.stripeAccountId) return user.stripeAccountId;
  const account = await client.accounts.create(
    {
      controller: CONNECTED_ACCOUNT_CONTROLLER,
      country: 'GB',
      email: user.email,
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      business_profile: { product_description: 'Photos delivered and sold with Shutterlane' },
      settings: { payouts: { schedule: PAYOUT_SCHEDULE } },
      // account.updated webhooks find the seller by this, with a key lookup.
      metadata: { userId: user.userId },
    },
    deadline.options({
      idempotencyKey: `connect-account-${user.userId}`,
      apiVersion: CONNECTED_ACCOUNT_API_VERSION,
    }),
  );
  return (await attachConnectAccount(user.userId, account.id)) ?? account.id;
}

export async function startOnboarding(userId: string): Promise<RouteResponse<'connectOnboarding'>> {
  const user = await requireUser(userId);
  if (!user.paymentAcceptanceEnabled) throw forbidden(paymentServerErrors.advancedPlanRequired);
  const { APP_URL } = appEnv();
  const deadline = new StripeDeadline(REQUEST_STRIPE_BUDGET_MS);
  const { accountId, link } = await stripeCall('connect onboarding', async () => {
    const client = await stripe();
    const accountId = await ensureAccount(client, user, deadline);
    const link = await client.accountLinks.create(
      {
        account: accountId,
        type: 'account_onboarding',
        return_url: `${APP_URL}${CONNECT_RETURN_PATH}`,
        refresh_url: `${APP_URL}${CONNECT_REFRESH_PATH}`,
      },
      deadline.options(),
    );
    return { accountId, link };
  });
  await saveOnboardingUrl(userId, accountId, link.url);
  return { message: paymentServerErrors.onboardingLinkCreated, onboardingUrl: link.url };
}

export function connectStateOf(account: Stripe.Account): ConnectState {
  const detailsSubmitted = account.details_submitted ?? false;
  const chargesEnabled = account.charges_enabled ?? false;
  return {
    status: connectStatusOf({
      hasAccount: true,
      chargesEnabled,
      detailsSubmitted,
      disabledReason: account.requirements?.disabled_reason ?? null,
      pastDue: account.requirements?.past_due ?? [],
    }),
    chargesEnabled,
    payoutsEnabled: account.payouts_enabled ?? false,
    detailsSubmitted,
  };
}

export async function connectStatus(userId: string): Promise<RouteResponse<'connectStatus'>> {
  const user = await requireUser(userId);
  if (!user.stripeAccountId) {
    return { status: 'not_started', message: connectStatusMessages.not_started };
  }
  const accountId = user.stripeAccountId;
  const deadline = new StripeDeadline(REQUEST_STRIPE_BUDGET_MS);
  const { state, dashboardUrl } = await stripeCall('connect status', async () => {
    const client = await stripe();
    const stored = await client.accounts.retrieve(accountId, {}, deadline.options());
    const account = await withPayoutSchedule(client, stored, deadline.options());
    const state = connectStateOf(account);
    // Login links work once and only after the details are in: a fresh one per status answer.
    const dashboardUrl = state.detailsSubmitted
      ? (await client.accounts.createLoginLink(accountId, {}, deadline.options())).url
      : undefined;
    return { state, dashboardUrl };
  });
  await saveConnectState(userId, accountId, state);
  return {
    status: state.status,
    message: connectStatusMessages[state.status],
    ...(dashboardUrl && { dashboardUrl }),
    ...(!state.detailsSubmitted && user.stripeOnboardingUrl && { onboardingUrl: user.stripeOnboardingUrl }),
  };
}

/** account.updated: keep the stored state current. The seller is found through the account's metadata. */
export async function onAccountUpdated(account: Stripe.Account): Promise<void> {
  const userId = account.metadata?.userId;
  if (!userId) return;
  // Events can arrive out of order: read the account as it is now rather than trusting the snapshot.
  const client = await stripe();
  const current = await withPayoutSchedule(client, await client.accounts.retrieve(account.id));
  await saveConnectState(userId, current.id, connectStateOf(current));
}
