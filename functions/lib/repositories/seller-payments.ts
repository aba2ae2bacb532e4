/**
 * The payment fields of a seller's user record: the Connect account (attached once) and the
 * subscription with its entitlements. Every write is a conditional single-item update, so concurrent
 * requests and webhook deliveries cannot undo each other.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ConnectStatusValue } from '#shared/schemas/connect';
import type { PlanEntitlements, SubscriptionSnapshot } from '#shared/rules/subscription';
import { dynamo, isConditionFailure, tableName } from '../dynamo';
import type { UserRecord } from './users';

export async function getUserConsistent(userId: string): Promise<UserRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('users'), Key: { userId }, ConsistentRead: true }),
  );
  return Item as UserRecord | undefined;
}

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
  return (await getUserConsistent(userId))?.stripeAccountId;
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
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        UpdateExpression: update,
        ConditionExpression: 'stripeAccountId = :accountId',
        ExpressionAttributeValues: { ...values, ':accountId': accountId },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
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
  try {
    await dynamo().send(
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
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
