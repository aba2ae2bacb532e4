/**
 * Connect accounts: create (by `controller`, or by type: Express and the others), retrieve, update, the
 * hosted onboarding that enables charges and payouts, and login links to the Express dashboard.
 */
import { noAccessToAccount } from '../api/auth';
import type { EmulatorContext } from '../context';
import { invalidRequest, resourceMissing } from '../errors';
import { newId, newLinkToken } from '../ids';
import type { Params } from '../params';
import { unixNow } from '../webhooks/signing';
import { hasExpressDashboard, readController, typedController, typeOfController } from './account-controller';
import { defaultPayoutSettings, payoutSettingsOf, readPayoutSettings } from './payout-schedule';
import type { Account, AccountLinkRecord, AccountType, CapabilityStatus } from './types';
import { requireEmail, requireUrl } from './validate';

const ACCOUNT_TYPES: readonly AccountType[] = ['express', 'standard', 'custom'];
const LINK_TYPES = ['account_onboarding', 'account_update'] as const;
/** Stripe's account links expire after a few minutes and work once. */
const ACCOUNT_LINK_TTL_SECONDS = 300;

const CURRENCY_BY_COUNTRY: Record<string, string> = { GB: 'gbp', US: 'usd', CA: 'cad', AU: 'aud', CH: 'chf' };
const EURO_COUNTRIES = new Set(['AT', 'BE', 'DE', 'ES', 'FI', 'FR', 'IE', 'IT', 'LU', 'NL', 'PT']);
const defaultCurrency = (country: string) =>
  CURRENCY_BY_COUNTRY[country] ?? (EURO_COUNTRIES.has(country) ? 'eur' : 'usd');

/** What an Express account still owes before onboarding (a representative subset of Stripe's list). */
const ONBOARDING_REQUIREMENTS = [
  'business_profile.mcc',
  'business_profile.url',
  'business_type',
  'external_account',
  'individual.first_name',
  'individual.last_name',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

const readCapabilities = (params: Params): Record<string, CapabilityStatus> => {
  const capabilities: Record<string, CapabilityStatus> = {};
  const requested = params.optionalObject('capabilities');
  if (requested === undefined) return capabilities;
  for (const name of requested.keys()) {
    if (!/^[a-z_]+$/.test(name)) throw invalidRequest(`Invalid capability: ${name}`, requested.name(name));
    if (requested.object(name).optionalBoolean('requested') === true) capabilities[name] = 'inactive';
  }
  if (capabilities.card_payments !== undefined && capabilities.transfers === undefined) {
    throw invalidRequest(
      'Accounts that request the `card_payments` capability must also request the `transfers` capability.',
      'capabilities',
    );
  }
  return capabilities;
};

const readBusinessProfile = (params: Params, current: Account['business_profile']) => {
  const profile = params.optionalObject('business_profile');
  if (profile === undefined) return current;
  const url = profile.optionalString('url');
  return {
    name: profile.optionalString('name') ?? current.name,
    url: url === undefined ? current.url : requireUrl(url, profile.name('url')),
    product_description: profile.optionalString('product_description') ?? current.product_description,
  };
};

export const createAccount = (ctx: EmulatorContext, params: Params): Account => {
  const controller = readController(params);
  const type = controller
    ? typeOfController(controller)
    : (params.optionalEnum('type', ACCOUNT_TYPES) ?? 'standard');
  const country = (params.optionalString('country') ?? 'GB').toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) throw invalidRequest(`Invalid country: ${country}`, 'country');
  const email = params.optionalString('email');
  const account: Account = {
    id: newId('account'),
    object: 'account',
    type,
    controller: controller ?? typedController(type === 'none' ? 'standard' : type),
    country,
    email: email === undefined ? null : requireEmail(email, 'email'),
    created: unixNow(),
    default_currency: defaultCurrency(country),
    business_type: params.optionalEnum('business_type', ['individual', 'company', 'non_profit']) ?? null,
    business_profile: readBusinessProfile(params, { name: null, url: null, product_description: null }),
    capabilities: readCapabilities(params),
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    requirements: {
      currently_due: [...ONBOARDING_REQUIREMENTS],
      eventually_due: [...ONBOARDING_REQUIREMENTS],
      past_due: [...ONBOARDING_REQUIREMENTS],
      pending_verification: [],
      disabled_reason: 'requirements.past_due',
      current_deadline: null,
      errors: [],
    },
    settings: { payouts: readPayoutSettings(params, country, defaultPayoutSettings(country)) },
    metadata: params.metadata(),
  };
  params.ignore('tos_acceptance', 'default_currency');
  params.assertNoUnknown();
  ctx.state.accounts[account.id] = account;
  ctx.store.changed();
  return account;
};

/** Stripe answers 403 for an account that does not exist or is not connected to the platform. */
export const findAccount = (ctx: EmulatorContext, id: string): Account => {
  const account = ctx.state.accounts[id];
  if (account === undefined) throw noAccessToAccount(ctx.secretKey, id);
  // Accounts saved by an older emulator gain the settings Stripe gives every account.
  account.settings ??= { payouts: payoutSettingsOf(account) };
  account.controller ??= typedController(account.type === 'none' ? 'standard' : account.type);
  return account;
};

export const updateAccount = (ctx: EmulatorContext, id: string, params: Params): Account => {
  const account = findAccount(ctx, id);
  const email = params.optionalString('email');
  const metadata = params.has('metadata') ? params.metadata() : undefined;
  const businessProfile = readBusinessProfile(params, account.business_profile);
  const payouts = readPayoutSettings(params, account.country, payoutSettingsOf(account));
  params.assertNoUnknown();
  // Everything is checked before anything changes: a refused update leaves the account as it was.
  if (email !== undefined) account.email = requireEmail(email, 'email');
  account.settings = { payouts };
  if (metadata !== undefined) account.metadata = { ...account.metadata, ...metadata };
  account.business_profile = businessProfile;
  ctx.store.changed();
  return account;
};

export const createAccountLink = (ctx: EmulatorContext, params: Params) => {
  const accountId = params.string('account');
  const link: AccountLinkRecord = {
    token: newLinkToken(),
    account: accountId,
    type: params.enumOf('type', LINK_TYPES),
    refresh_url: requireUrl(params.string('refresh_url'), 'refresh_url'),
    return_url: requireUrl(params.string('return_url'), 'return_url'),
    expires_at: unixNow() + ACCOUNT_LINK_TTL_SECONDS,
    used: false,
  };
  params.ignore('collect', 'collection_options');
  params.assertNoUnknown();
  if (ctx.state.accounts[accountId] === undefined) throw resourceMissing('account', accountId, 'account');
  ctx.state.accountLinks[link.token] = link;
  ctx.store.changed();
  return {
    object: 'account_link',
    created: link.expires_at - ACCOUNT_LINK_TTL_SECONDS,
    expires_at: link.expires_at,
    url: `${ctx.publicUrl}/setup/e/${accountId}/${link.token}`,
  };
};

export type UsableLink = { link: AccountLinkRecord; account: Account } | { redirectTo: string } | undefined;

/** An unknown token is a 404; a used or expired link sends the user to refresh_url, as Stripe does. */
export const findUsableAccountLink = (ctx: EmulatorContext, accountId: string, token: string): UsableLink => {
  const link = ctx.state.accountLinks[token];
  const account = ctx.state.accounts[accountId];
  if (link === undefined || account === undefined || link.account !== accountId) return undefined;
  if (link.used || link.expires_at < unixNow()) return { redirectTo: link.refresh_url };
  return { link, account };
};

export const ONBOARDING_OUTCOMES = ['active', 'pending', 'restricted'] as const;
export type OnboardingOutcome = (typeof ONBOARDING_OUTCOMES)[number];

/** The document Stripe asks for when verification needs more than the form gave. */
const VERIFICATION_DOCUMENT = 'individual.verification.document';

const snapshotOf = (account: Account) => ({
  charges_enabled: account.charges_enabled,
  payouts_enabled: account.payouts_enabled,
  details_submitted: account.details_submitted,
  capabilities: { ...account.capabilities },
  requirements: structuredClone(account.requirements),
});

/**
 * Sets the account as a finished onboarding leaves it: 'active' (everything verified, charges and
 * payouts on), 'pending' (details in, Stripe still verifying) or 'restricted' (a document overdue).
 */
const applyOutcome = (account: Account, outcome: OnboardingOutcome): void => {
  const active = outcome === 'active';
  account.details_submitted = true;
  account.charges_enabled = active;
  account.payouts_enabled = active;
  const capability: CapabilityStatus = active ? 'active' : outcome === 'pending' ? 'pending' : 'inactive';
  for (const name of Object.keys(account.capabilities)) account.capabilities[name] = capability;
  const overdue = outcome === 'restricted' ? [VERIFICATION_DOCUMENT] : [];
  account.requirements = {
    ...account.requirements,
    currently_due: overdue,
    eventually_due: overdue,
    past_due: overdue,
    pending_verification: outcome === 'pending' ? ['individual.id_number'] : [],
    disabled_reason: active
      ? null
      : outcome === 'pending'
        ? 'requirements.pending_verification'
        : 'requirements.past_due',
  };
};

const changeAccount = (ctx: EmulatorContext, account: Account, outcome: OnboardingOutcome): void => {
  const previous = snapshotOf(account);
  applyOutcome(account, outcome);
  ctx.store.changed();
  ctx.emit('account.updated', account, { previousAttributes: previous, account: account.id });
};

/** What pressing one of the onboarding page's buttons does (default: everything verified). */
export const completeOnboarding = (
  ctx: EmulatorContext,
  link: AccountLinkRecord,
  account: Account,
  outcome: OnboardingOutcome = 'active',
): void => {
  link.used = true;
  changeAccount(ctx, account, outcome);
};

/** Stripe finishing (or failing) its verification later: a control, not Stripe's API. */
export const settleVerification = (ctx: EmulatorContext, id: string, outcome: OnboardingOutcome): Account => {
  const account = findAccount(ctx, id);
  if (!account.details_submitted)
    throw invalidRequest('This account has not submitted its details yet.', 'account');
  changeAccount(ctx, account, outcome);
  return account;
};

export const createLoginLink = (ctx: EmulatorContext, accountId: string, params: Params) => {
  params.assertNoUnknown();
  const account = findAccount(ctx, accountId);
  if (!hasExpressDashboard(account.controller!)) {
    throw invalidRequest('Login links can only be created for Express accounts.', 'account');
  }
  if (!account.details_submitted) {
    throw invalidRequest(
      'Cannot create a login link for an account that has not completed onboarding.',
      'account',
    );
  }
  const token = newLinkToken();
  const created = unixNow();
  ctx.state.loginLinks[token] = { token, account: accountId, created };
  ctx.store.changed();
  return { object: 'login_link', created, url: `${ctx.publicUrl}/express/${token}` };
};
