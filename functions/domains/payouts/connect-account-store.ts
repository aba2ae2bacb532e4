/**
 * The seller's Stripe Connect account on the users table: attached once, and what Stripe says of it
 * (status, charges, payouts), written only while the record holds that account.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ConnectStatusValue } from '#shared/schemas/connect';
import { conditionally, dynamo, isConditionFailure, tableName } from '../../lib/dynamo';
import { getUser } from '../sellers/seller-store';

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
