/**
 * The seller's record in the users table, keyed by the Cognito `sub`: its shape, its reads and the
 * profile. The table's other concerns each have a module in the domain that owns them: the brand
 * (seller-brand-store.ts) and the dashboard's counters (dashboard-counter-store.ts) here, the Connect
 * account (payouts), the subscription (billing) and the upload counter (uploads). Every write that can
 * race is a conditional single-item update, so concurrent requests and webhook deliveries cannot undo
 * each other.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionFailure, tableName, updatedItem } from '../../lib/dynamo';

export interface UserRecord {
  userId: string;
  email: string;
  name: string;
  website?: string;
  /** The seller's brand: shown to customers, the logo also usable as a watermark. */
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
  // Payments.
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
  /** The owner's last seller call, kept to five minutes (functions/domains/teams/membership.ts). */
  lastActiveAt?: string;
  /** The team's members (functions/domains/teams/member-store.ts). */
  teamMemberIds?: Set<string>;
  /** Members removed since (functions/domains/teams): what they made keeps their name. */
  formerMemberIds?: Set<string>;
  /** The owner's own uploads in `memberUploadPeriod` (functions/domains/teams/member-uploads-store.ts). */
  memberUploads?: number;
  memberUploadPeriod?: string;
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
  return updatedItem<UserRecord>({
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
  });
}
