/**
 * Uploads per member in the business's current usage period (the plan's billing period, or the calendar
 * month: shared/rules/subscription.ts usagePeriodKey), on each person's own record in the users table (the
 * owner's too, beside the business's total). Counted once per new file, after the business's limit took
 * it (the upload claims make a repeated request count nothing). A figure for the dashboard, not a limit:
 * a count that fails to write is logged and the upload goes on.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionally, dynamo, isConditionFailure, tableName } from '../../lib/dynamo';
import { logger } from '../../lib/logger';

/** Adds to the count of this period, or starts the period's count: two tries cover a race with another batch. */
export async function countMemberUploads(memberId: string, count: number, period: string): Promise<void> {
  if (count === 0) return;
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await addInPeriod(memberId, count, period)) return;
      if (await startPeriod(memberId, count, period)) return;
    }
  } catch (error) {
    logger.warn('Member uploads not counted', { error });
  }
}

async function addInPeriod(memberId: string, count: number, period: string): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId: memberId },
        UpdateExpression: 'ADD memberUploads :count',
        ConditionExpression: 'memberUploadPeriod = :period',
        ExpressionAttributeValues: { ':count': count, ':period': period },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

const startPeriod = (memberId: string, count: number, period: string): Promise<boolean> =>
  conditionally(
    new UpdateCommand({
      TableName: tableName('users'),
      Key: { userId: memberId },
      UpdateExpression: 'SET memberUploadPeriod = :period, memberUploads = :count',
      ConditionExpression:
        'attribute_exists(userId) AND (attribute_not_exists(memberUploadPeriod) OR memberUploadPeriod <> :period)',
      ExpressionAttributeValues: { ':count': count, ':period': period },
    }),
  );
