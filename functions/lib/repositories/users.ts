/** Users table: the seller's profile, plan and Stripe Connect account, keyed by the Cognito `sub`. */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { dynamo, tableName } from '../dynamo';

export interface UserRecord {
  userId: string;
  email: string;
  name: string;
  website?: string;
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
  // Payments (issue 7; functions/lib/repositories/seller-payments.ts writes them).
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
export async function getUser(userId: string): Promise<UserRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('users'), Key: { userId }, ConsistentRead: true }),
  );
  return Item as UserRecord | undefined;
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
    if (error instanceof ConditionalCheckFailedException) return;
    throw error;
  }
}

/** Saves name and website of an existing user; undefined when there is no such user. */
export async function updateProfile(
  userId: string,
  profile: { name: string; website?: string },
): Promise<UserRecord | undefined> {
  const website = profile.website?.trim();
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        UpdateExpression: website
          ? 'SET #name = :name, website = :website'
          : 'SET #name = :name REMOVE website',
        ConditionExpression: 'attribute_exists(userId)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': profile.name, ...(website && { ':website': website }) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes as UserRecord;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
