/** Users table: the seller's profile, plan and Stripe Connect account, keyed by the Cognito `sub`. */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
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
  plan?: string;
  subscriptionStatus?: string;
  monthlyPhotoUploadLimit?: number;
  paymentAcceptanceEnabled?: boolean;
}

export async function getUser(userId: string): Promise<UserRecord | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName('users'), Key: { userId } }));
  return Item as UserRecord | undefined;
}

export async function putUser(user: UserRecord): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: tableName('users'), Item: user }));
}
