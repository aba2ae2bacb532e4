/**
 * The dashboard's analytics counters on the seller's record (users table), moved by the events they
 * count: photos, orders, and the sales total, which a change adds exactly once.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionFailure, tableName } from '../../lib/dynamo';
import type { TransactionPart } from '../../lib/transactions';

type Counter = 'totalPhotoCount' | 'totalOrderCount' | 'totalSalesMinor';

/** Adds `delta` to a counter of an existing user (a deleted user is not recreated by a late event). */
export async function addToUserCounter(userId: string, counter: Counter, delta: number): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId },
        UpdateExpression: 'ADD #counter :delta',
        ConditionExpression: 'attribute_exists(userId)',
        ExpressionAttributeNames: { '#counter': counter },
        ExpressionAttributeValues: { ':delta': delta },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * The part that moves a dashboard counter of a seller, written in the same transaction as the change it
 * counts (an order becoming one, a photo becoming READY), so a retried or dying run counts it exactly
 * once. No condition: the change is never refused for a dashboard counter, and no path deletes a
 * seller's record.
 */
export const userCounterPart = (userId: string, counter: Counter, delta: number): TransactionPart => ({
  Update: {
    TableName: tableName('users'),
    Key: { userId },
    UpdateExpression: 'ADD #counter :delta',
    ExpressionAttributeNames: { '#counter': counter },
    ExpressionAttributeValues: { ':delta': delta },
  },
});

/** The part that counts an order in its seller's `totalOrderCount` (see userCounterPart). */
export const orderCountPart = (sellerId: string): TransactionPart =>
  userCounterPart(sellerId, 'totalOrderCount', 1);

/**
 * How long the record remembers an applied sales change. A change is applied again only if it is still
 * pending on its order after this (its sender died and Stripe stopped retrying: three days at most), so
 * a week keeps every retry safe while the record stays small.
 */
export const APPLIED_SALES_OPS_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** Applied sales changes on the user record: op id → epoch ms when it was applied. */
const APPLIED = 'appliedSalesOps';

/**
 * Adds `delta` to the seller's `totalSalesMinor` exactly once for the change `opId`, however often it is
 * called: the record notes the op in the same conditional write, so a second call finds it and does
 * nothing. (Two items cannot change in one write here, so the order keeps the op until this succeeds;
 * see functions/stripe-webhook/dashboard-sales.ts.) Notes older than a week are dropped as it goes.
 */
export async function addSalesOnce(userId: string, opId: string, delta: number, now: Date): Promise<void> {
  const users = { TableName: tableName('users'), Key: { userId } };
  try {
    // The map must exist before a path inside it can be written; this write never changes an existing one.
    await dynamo().send(
      new UpdateCommand({
        ...users,
        UpdateExpression: `SET #applied = if_not_exists(#applied, :empty)`,
        ConditionExpression: 'attribute_exists(userId)',
        ExpressionAttributeNames: { '#applied': APPLIED },
        ExpressionAttributeValues: { ':empty': {} },
      }),
    );
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        ...users,
        UpdateExpression: 'SET #applied.#op = :now ADD totalSalesMinor :delta',
        ConditionExpression: 'attribute_exists(userId) AND attribute_not_exists(#applied.#op)',
        ExpressionAttributeNames: { '#applied': APPLIED, '#op': opId },
        ExpressionAttributeValues: { ':now': now.getTime(), ':delta': delta },
        ReturnValues: 'ALL_NEW',
      }),
    );
    await forgetOldOps(userId, (Attributes?.[APPLIED] ?? {}) as Record<string, number>, now);
  } catch (error) {
    // Applied before (or the seller is gone): nothing to do.
    if (!isConditionFailure(error)) throw error;
  }
}

/** At most this many notes are dropped per write, keeping each expression small. */
const FORGET_PER_WRITE = 25;

async function forgetOldOps(userId: string, applied: Record<string, number>, now: Date): Promise<void> {
  const keepAfter = now.getTime() - APPLIED_SALES_OPS_KEEP_MS;
  const old = Object.keys(applied)
    .filter((op) => (applied[op] ?? 0) < keepAfter)
    .slice(0, FORGET_PER_WRITE);
  if (old.length === 0) return;
  const names = Object.fromEntries(old.map((op, index) => [`#op${index}`, op]));
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('users'),
      Key: { userId },
      UpdateExpression: `REMOVE ${Object.keys(names)
        .map((name) => `#applied.${name}`)
        .join(', ')}`,
      ExpressionAttributeNames: { '#applied': APPLIED, ...names },
    }),
  );
}
