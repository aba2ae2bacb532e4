/**
 * Users table, keyed by the Cognito `sub`: the one module that reads and writes it. The seller's profile,
 * the Stripe Connect account and subscription with its entitlements, the upload counter of the usage
 * period, and the dashboard's counters. Every write that can race is a conditional single-item update,
 * so concurrent requests and webhook deliveries cannot undo each other.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ConnectStatusValue } from '#shared/schemas/connect';
import type { PlanEntitlements, SubscriptionSnapshot } from '#shared/rules/subscription';
import { conditionally, dynamo, isConditionFailure, tableName } from '../../lib/dynamo';
import type { TransactionPart } from '../../lib/transactions';

export interface UserRecord {
  userId: string;
  email: string;
  name: string;
  website?: string;
  /** The seller's brand (issue 16): shown to customers, the logo also usable as a watermark. */
  businessName?: string;
  logo?: StoredLogo;
  createdAt: string;
  stripeAccountId?: string;
  /** Mirrors the Connect account's charges_enabled, set by account.updated webhooks. */
  chargesEnabled?: boolean;
  /** Set by account.updated webhooks once Stripe has the details it asked for. */
  onboardingCompleted?: boolean;
  stripeOnboardingUrl?: string;
  stripeDashboardUrl?: string;
  plan?: string;
  subscriptionStatus?: string;
  stripeSubscriptionId?: string;
  subscriptionStartDate?: string;
  subscriptionEndDate?: string;
  trialEndDate?: string;
  monthlyPhotoUploadLimit?: number;
  paymentAcceptanceEnabled?: boolean;
  /** Uploads counted in `uploadMonth` (YYYY-MM); another month reads as zero. */
  currentMonthUploads?: number;
  uploadMonth?: string;
  // Payments (issue 7).
  stripeCustomerId?: string;
  /** Stripe's view of the Connect account: details submitted, payouts, and the derived status. */
  payoutsEnabled?: boolean;
  connectStatus?: string;
  /** ISO times of the subscription's current billing period (uploads are counted per period). */
  currentPeriodStart?: string;
  currentPeriodEnd?: string;
  cancelAtPeriodEnd?: boolean;
  /** `created` (Unix s) of the webhook event the subscription fields came from (ordering). */
  subscriptionEventCreated?: number;
  /** A free trial was given once; later subscriptions start paid. */
  trialUsed?: boolean;
  totalPhotoCount?: number;
  totalOrderCount?: number;
  /** Pence. */
  totalSalesMinor?: number;
}

/**
 * The seller's record, strongly consistent: requests decide on it (plan, payment acceptance, counters)
 * right after the seller's own writes, and an eventually consistent read may not see them yet.
 */
/** The processed logo in the derived bucket (objectKeys.logo), a new id for every upload. */
export interface StoredLogo {
  logoId: string;
  width: number;
  height: number;
}

export async function getUser(userId: string): Promise<UserRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('users'), Key: { userId }, ConsistentRead: true }),
  );
  return Item as UserRecord | undefined;
}

/**
 * What customers see of a seller (business name, logo), read without the rest of the record and
 * eventually consistent: half a strong read's cost on the customers' busiest pages.
 */
export async function getUserBrand(
  userId: string,
): Promise<Pick<UserRecord, 'businessName' | 'logo'> | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName('users'),
      Key: { userId },
      ProjectionExpression: 'businessName, logo',
    }),
  );
  return Item as Pick<UserRecord, 'businessName' | 'logo'> | undefined;
}

export async function putUser(user: UserRecord): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: tableName('users'), Item: user }));
}

/** Creates the record unless one exists (a retried sign-up or setup must not reset a profile). */
export async function createUserIfAbsent(user: UserRecord): Promise<void> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName('users'),
        Item: user,
        ConditionExpression: 'attribute_not_exists(userId)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return;
    throw error;
  }
}

/** Saves name and website of an existing user; undefined when there is no such user. */
export async function updateProfile(
  userId: string,
  profile: { name: string; website?: string; businessName?: string },
): Promise<UserRecord | undefined> {
  const website = profile.website?.trim();
  const businessName = profile.businessName?.trim();
  const set = ['#name = :name', ...(website ? ['website = :website'] : [])];
  const remove = website ? [] : ['website'];
  // Absent leaves the business name alone (it came after the spec's profile body); empty removes it.
  if (businessName) set.push('businessName = :businessName');
  else if (businessName === '') remove.push('businessName');
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(userId)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: {
          ':name': profile.name,
          ...(website && { ':website': website }),
          ...(businessName && { ':businessName': businessName }),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes as UserRecord;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Sets (or, with none, removes) the seller's logo and answers the one it replaced, whose object the
 * caller deletes. Conditional on the logo read before, so two uploads at once cannot both win.
 */
export async function replaceLogo(
  userId: string,
  logo: StoredLogo | undefined,
  before: StoredLogo | undefined,
): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('users'),
      Key: { userId },
      UpdateExpression: logo ? 'SET logo = :logo' : 'REMOVE logo',
      ConditionExpression: before
        ? 'attribute_exists(userId) AND logo.logoId = :before'
        : 'attribute_exists(userId) AND attribute_not_exists(logo)',
      ...((logo ?? before) && {
        ExpressionAttributeValues: {
          ...(logo && { ':logo': logo }),
          ...(before && { ':before': before.logoId }),
        },
      }),
    }),
  );
}

// ---- The dashboard's analytics counters, moved by the events they count.

type Counter = 'totalPhotoCount' | 'totalOrderCount' | 'totalSalesMinor';

/** Adds `delta` to a counter of an existing user (a deleted user is not recreated by a late event). */
export async function addToUserCounter(userId: string, counter: Counter, delta: number): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        UpdateExpression: 'ADD #counter :delta',
        ConditionExpression: 'attribute_exists(userId)',
        ExpressionAttributeNames: { '#counter': counter },
        ExpressionAttributeValues: { ':delta': delta },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * The part that moves a dashboard counter of a seller, written in the same transaction as the change it
 * counts (an order becoming one, a photo becoming READY), so a retried or dying run counts it exactly
 * once. No condition: the change is never refused for a dashboard counter, and no path deletes a
 * seller's record.
 */
export const userCounterPart = (userId: string, counter: Counter, delta: number): TransactionPart => ({
  Update: {
    TableName: tableName('users'),
    Key: { userId },
    UpdateExpression: 'ADD #counter :delta',
    ExpressionAttributeNames: { '#counter': counter },
    ExpressionAttributeValues: { ':delta': delta },
  },
});

/** The part that counts an order in its seller's `totalOrderCount` (see userCounterPart). */
export const orderCountPart = (sellerId: string): TransactionPart =>
  userCounterPart(sellerId, 'totalOrderCount', 1);

/**
 * How long the record remembers an applied sales change. A change is applied again only if it is still
 * pending on its order after this (its sender died and Stripe stopped retrying: three days at most), so
 * a week keeps every retry safe while the record stays small.
 */
export const APPLIED_SALES_OPS_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** Applied sales changes on the user record: op id → epoch ms when it was applied. */
const APPLIED = 'appliedSalesOps';

/**
 * Adds `delta` to the seller's `totalSalesMinor` exactly once for the change `opId`, however often it is
 * called: the record notes the op in the same conditional write, so a second call finds it and does
 * nothing. (Two items cannot change in one write here, so the order keeps the op until this succeeds;
 * see functions/stripe-webhook/dashboard-sales.ts.) Notes older than a week are dropped as it goes.
 */
export async function addSalesOnce(userId: string, opId: string, delta: number, now: Date): Promise<void> {
  const users = { TableName: tableName('users'), Key: { userId } };
  try {
    // The map must exist before a path inside it can be written; this write never changes an existing one.
    await dynamo().send(
      new UpdateCommand({
        ...users,
        UpdateExpression: `SET #applied = if_not_exists(#applied, :empty)`,
        ConditionExpression: 'attribute_exists(userId)',
        ExpressionAttributeNames: { '#applied': APPLIED },
        ExpressionAttributeValues: { ':empty': {} },
      }),
    );
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        ...users,
        UpdateExpression: 'SET #applied.#op = :now ADD totalSalesMinor :delta',
        ConditionExpression: 'attribute_exists(userId) AND attribute_not_exists(#applied.#op)',
        ExpressionAttributeNames: { '#applied': APPLIED, '#op': opId },
        ExpressionAttributeValues: { ':now': now.getTime(), ':delta': delta },
        ReturnValues: 'ALL_NEW',
      }),
    );
    await forgetOldOps(userId, (Attributes?.[APPLIED] ?? {}) as Record<string, number>, now);
  } catch (error) {
    // Applied before (or the seller is gone): nothing to do.
    if (!isConditionFailure(error)) throw error;
  }
}

/** At most this many notes are dropped per write, keeping each expression small. */
const FORGET_PER_WRITE = 25;

async function forgetOldOps(userId: string, applied: Record<string, number>, now: Date): Promise<void> {
  const keepAfter = now.getTime() - APPLIED_SALES_OPS_KEEP_MS;
  const old = Object.keys(applied)
    .filter((op) => (applied[op] ?? 0) < keepAfter)
    .slice(0, FORGET_PER_WRITE);
  if (old.length === 0) return;
  const names = Object.fromEntries(old.map((op, index) => [`#op${index}`, op]));
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('users'),
      Key: { userId },
      UpdateExpression: `REMOVE ${Object.keys(names)
        .map((name) => `#applied.${name}`)
        .join(', ')}`,
      ExpressionAttributeNames: { '#applied': APPLIED, ...names },
    }),
  );
}

// ---- The payment fields: the Connect account (attached once) and the subscription.

/**
 * Attaches the Connect account unless the seller has one already; answers the account the record
 * holds afterwards (the winner's, when two requests raced).
 */
export async function attachConnectAccount(userId: string, accountId: string): Promise<string | undefined> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        UpdateExpression: 'SET stripeAccountId = :account, connectStatus = :status',
        ConditionExpression: 'attribute_exists(userId) AND attribute_not_exists(stripeAccountId)',
        ExpressionAttributeValues: { ':account': accountId, ':status': 'not_started' },
      }),
    );
    return accountId;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return (await getUser(userId))?.stripeAccountId;
}

export async function saveOnboardingUrl(userId: string, accountId: string, url: string): Promise<void> {
  await updateIfAccount(userId, accountId, 'SET stripeOnboardingUrl = :url', { ':url': url });
}

export interface ConnectState {
  status: ConnectStatusValue;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

/** Stores what Stripe says about the seller's own account (a foreign account id changes nothing). */
export async function saveConnectState(
  userId: string,
  accountId: string,
  state: ConnectState,
): Promise<boolean> {
  return updateIfAccount(
    userId,
    accountId,
    'SET connectStatus = :status, chargesEnabled = :charges, payoutsEnabled = :payouts, onboardingCompleted = :details',
    {
      ':status': state.status,
      ':charges': state.chargesEnabled,
      ':payouts': state.payoutsEnabled,
      ':details': state.detailsSubmitted,
    },
  );
}

async function updateIfAccount(
  userId: string,
  accountId: string,
  update: string,
  values: Record<string, unknown>,
): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('users'),
      Key: { userId },
      UpdateExpression: update,
      ConditionExpression: 'stripeAccountId = :accountId',
      ExpressionAttributeValues: { ...values, ':accountId': accountId },
    }),
  );
}

const isoOf = (seconds: number | undefined) =>
  seconds === undefined ? undefined : new Date(seconds * 1000).toISOString();

/**
 * Writes a subscription snapshot and its entitlements if the record still holds what `seen` held
 * (compare-and-set on the ordering fields); false when another write came first, so the caller decides
 * again on fresh data.
 */
export async function replaceSubscription(
  userId: string,
  seen: Pick<UserRecord, 'stripeSubscriptionId' | 'subscriptionEventCreated' | 'subscriptionStatus'>,
  snapshot: SubscriptionSnapshot,
  entitlements: PlanEntitlements,
): Promise<boolean> {
  const fields: Record<string, unknown> = {
    stripeSubscriptionId: snapshot.subscriptionId,
    stripeCustomerId: snapshot.customerId,
    subscriptionStatus: snapshot.status,
    subscriptionEventCreated: snapshot.eventCreated,
    subscriptionStartDate: isoOf(snapshot.startDate),
    subscriptionEndDate: isoOf(snapshot.currentPeriodEnd),
    currentPeriodStart: isoOf(snapshot.currentPeriodStart),
    currentPeriodEnd: isoOf(snapshot.currentPeriodEnd),
    trialEndDate: snapshot.status === 'trialing' ? isoOf(snapshot.trialEnd) : undefined,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    plan: snapshot.plan,
    monthlyPhotoUploadLimit: entitlements.monthlyPhotoUploadLimit,
    paymentAcceptanceEnabled: entitlements.paymentAcceptanceEnabled,
    ...(snapshot.trialEnd !== undefined && { trialUsed: true }),
  };
  const set = Object.entries(fields).filter(([, value]) => value !== undefined);
  const removed = Object.keys(fields).filter((name) => fields[name] === undefined);
  const names = Object.fromEntries(Object.keys(fields).map((name) => [`#${name}`, name]));
  const values = Object.fromEntries(set.map(([name, value]) => [`:${name}`, value]));
  const condition = [
    'attribute_exists(userId)',
    seen.stripeSubscriptionId === undefined
      ? 'attribute_not_exists(#stripeSubscriptionId)'
      : '#stripeSubscriptionId = :seenId',
    seen.subscriptionEventCreated === undefined
      ? 'attribute_not_exists(#subscriptionEventCreated)'
      : '#subscriptionEventCreated = :seenCreated',
    seen.subscriptionStatus === undefined
      ? 'attribute_not_exists(#subscriptionStatus)'
      : '#subscriptionStatus = :seenStatus',
  ].join(' AND ');
  return conditionally(
    new UpdateCommand({
      TableName: tableName('users'),
      Key: { userId },
      UpdateExpression: `SET ${set.map(([name]) => `#${name} = :${name}`).join(', ')}${
        removed.length ? ` REMOVE ${removed.map((name) => `#${name}`).join(', ')}` : ''
      }`,
      ConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: {
        ...values,
        ...(seen.stripeSubscriptionId !== undefined && { ':seenId': seen.stripeSubscriptionId }),
        ...(seen.subscriptionEventCreated !== undefined && {
          ':seenCreated': seen.subscriptionEventCreated,
        }),
        ...(seen.subscriptionStatus !== undefined && { ':seenStatus': seen.subscriptionStatus }),
      },
    }),
  );
}

// ---- The upload counter of the usage period (`uploadMonth`, `currentMonthUploads`). The per-file
// markers that make a file count once live in the events table (events.ts: claimUpload).

export const monthOf = (now: Date): string => now.toISOString().slice(0, 7);

export type Reservation = { ok: true; used: number } | { ok: false; used: number };

async function addWithinLimit(userId: string, count: number, limit: number, month: string) {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName('users'),
      Key: { userId },
      UpdateExpression: 'SET currentMonthUploads = currentMonthUploads + :n',
      ConditionExpression: 'uploadMonth = :month AND currentMonthUploads <= :max',
      ExpressionAttributeValues: { ':n': count, ':month': month, ':max': limit - count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Attributes?.currentMonthUploads as number;
}

/** Starts a new month at `count`; only one request can win the switch. */
async function startMonth(userId: string, count: number, month: string): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('users'),
      Key: { userId },
      UpdateExpression: 'SET uploadMonth = :month, currentMonthUploads = :n',
      ConditionExpression:
        'attribute_exists(userId) AND (attribute_not_exists(uploadMonth) OR uploadMonth <> :month)',
      ExpressionAttributeValues: { ':n': count, ':month': month },
    }),
  );
}

async function usedThisMonth(userId: string, month: string): Promise<{ used: number; sameMonth: boolean }> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('users'), Key: { userId }, ConsistentRead: true }),
  );
  const sameMonth = Item?.uploadMonth === month;
  return { used: sameMonth ? ((Item?.currentMonthUploads as number | undefined) ?? 0) : 0, sameMonth };
}

/**
 * Adds `count` uploads to the seller's month, all or nothing, never past `limit`. `month` is the usage
 * period's key: the billing period of a live subscription, else the calendar month (usagePeriodKey).
 */
export async function reserveUploads(
  userId: string,
  count: number,
  limit: number,
  now: Date,
  month = monthOf(now),
): Promise<Reservation> {
  for (let attempt = 0; attempt < 5; attempt++) {
    if (count === 0) return { ok: true, ...(await usedThisMonth(userId, month)) };
    try {
      return { ok: true, used: await addWithinLimit(userId, count, limit, month) };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const current = await usedThisMonth(userId, month);
    if (current.sameMonth) {
      // Refused for the limit, or because the month was not started when the add ran and another
      // request has started it since (a batch's first files arrive together): then add again.
      if (current.used + count > limit) return { ok: false, used: current.used };
      continue;
    }
    if (count > limit) return { ok: false, used: 0 };
    if (await startMonth(userId, count, month)) return { ok: true, used: count };
    // Another request started the month first: add to its count.
  }
  throw new Error('The upload counter kept changing; giving up');
}
