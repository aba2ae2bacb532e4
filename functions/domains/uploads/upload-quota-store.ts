/**
 * The upload counter of the usage period on the seller's record (users table: `uploadMonth`,
 * `currentMonthUploads`). The per-file markers that make a file count once live in the events table
 * (upload-marker-store.ts).
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionally, dynamo, isConditionFailure, tableName } from '../../lib/dynamo';

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
