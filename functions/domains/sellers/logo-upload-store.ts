/**
 * Logo uploads in flight: the upload id a seller was given, kept in the events table with
 * its seller, so only that seller can turn the uploaded file into their logo, once. The file's key
 * names only the random upload id (storage-layout.ts), never the seller.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionFailure, tableName } from '../../lib/dynamo';

/** The signed PUT is valid for minutes; the record outlives it so a slow upload can still be taken. */
const RECORD_LIFETIME_S = 60 * 60;

const recordKey = (uploadId: string) => `logo-upload:${uploadId}`;

export async function recordLogoUpload(uploadId: string, sellerId: string, now = Date.now()): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('events'),
      Item: {
        eventId: recordKey(uploadId),
        kind: 'LOGO_UPLOAD',
        sellerId,
        expiresAtEpoch: Math.floor(now / 1000) + RECORD_LIFETIME_S,
      },
      ConditionExpression: 'attribute_not_exists(eventId)',
    }),
  );
}

/**
 * Consumes the upload's record when it is this seller's and unexpired: true once, false for an unknown,
 * expired, already taken or another seller's upload (TTL deletes lazily, so expiry is checked here).
 */
export async function takeLogoUpload(uploadId: string, sellerId: string, now = Date.now()): Promise<boolean> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName('events'),
        Key: { eventId: recordKey(uploadId) },
        ConditionExpression: 'sellerId = :sellerId AND expiresAtEpoch > :now',
        ExpressionAttributeValues: { ':sellerId': sellerId, ':now': Math.floor(now / 1000) },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
