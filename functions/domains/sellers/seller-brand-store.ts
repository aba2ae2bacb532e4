/**
 * The seller's brand on the users table: what customers see of a seller (business name, logo) and the
 * logo's replacement, conditional on the one read before.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionally, dynamo, tableName } from '../../lib/dynamo';
import { type UserRecord, type StoredLogo } from './seller-store';

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
