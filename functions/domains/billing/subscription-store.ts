/**
 * The seller's subscription on the users table: a snapshot of Stripe's subscription and the plan's
 * entitlements, replaced by compare-and-set on its ordering fields.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PlanEntitlements, SubscriptionSnapshot } from '#shared/rules/subscription';
import { conditionally, tableName } from '../../lib/dynamo';
import { type UserRecord } from '../sellers/seller-store';

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
