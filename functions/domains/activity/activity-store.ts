/**
 * What customers did (shared/rules/activity.ts), kept in the sales counters table: one item per order
 * link (`activity#order#{orderId}`) and per public gallery (`activity#public#{publicId}`), period
 * `total`, whose fields are only ever added to. Each item names its seller, so a read answers only the
 * seller's own. Counts are best effort: a failed write is logged and never fails the customer's call.
 */
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  GetCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  ACTIVITY_FIELDS,
  activityScope,
  countsToAdd,
  type ActivityCounts,
  type ActivityField,
  type ActivityTarget,
} from '#shared/rules/activity';
import { dynamo, tableName } from '../../lib/dynamo';
import { logger } from '../../lib/logger';

/** One item per scope: the counters table's sort key, the same for every activity item. */
const PERIOD = 'total';

export type ActivityTotals = Record<ActivityField, number>;

/** Adds the counts to the target's item (created by the first); never throws. */
export async function addActivity(
  target: ActivityTarget,
  sellerId: string,
  counts: ActivityCounts,
): Promise<void> {
  const adding = countsToAdd(counts);
  const fields = ACTIVITY_FIELDS.filter((field) => adding[field] !== undefined);
  if (fields.length === 0) return;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('salesCounters'),
        Key: { scope: activityScope(target), period: PERIOD },
        UpdateExpression: `SET #sellerId = :sellerId ADD ${fields.map((field) => `#${field} :${field}`).join(', ')}`,
        ExpressionAttributeNames: {
          '#sellerId': 'sellerId',
          ...Object.fromEntries(fields.map((field) => [`#${field}`, field])),
        },
        ExpressionAttributeValues: {
          ':sellerId': sellerId,
          ...Object.fromEntries(fields.map((field) => [`:${field}`, adding[field]])),
        },
      }),
    );
  } catch (error) {
    logger.warn('a customer activity count was not written', { error, kind: target.kind, fields });
  }
}

const totalsOf = (item: Record<string, unknown> | undefined): ActivityTotals =>
  Object.fromEntries(ACTIVITY_FIELDS.map((field) => [field, Number(item?.[field] ?? 0)])) as ActivityTotals;

/** A public gallery's counts (zeros before anything was counted). */
export async function readGalleryActivity(publicId: string): Promise<ActivityTotals> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName('salesCounters'),
      Key: { scope: activityScope({ kind: 'gallery', id: publicId }), period: PERIOD },
      // One small item: a seller who has just tried their own link sees it counted.
      ConsistentRead: true,
    }),
  );
  return totalsOf(Item);
}

/**
 * The counts of these order links that are the seller's, by order id: one BatchGet of at most 100 keys
 * (and its unprocessed keys), strongly consistent, never a read per order. Only what was counted for
 * the seller's own orders is answered: an order nothing was counted for is absent (the page shows zeros),
 * and so is an id whose counts name another seller.
 */
export async function readOrderActivities(
  sellerId: string,
  orderIds: readonly string[],
): Promise<Map<string, ActivityTotals>> {
  const table = tableName('salesCounters');
  const found = new Map<string, Record<string, unknown>>();
  let keys: Record<string, unknown>[] | undefined = orderIds.map((id) => ({
    scope: activityScope({ kind: 'order', id }),
    period: PERIOD,
  }));
  while (keys && keys.length > 0) {
    const result: BatchGetCommandOutput = await dynamo().send(
      new BatchGetCommand({ RequestItems: { [table]: { Keys: keys, ConsistentRead: true } } }),
    );
    for (const item of result.Responses?.[table] ?? []) found.set(String(item.scope), item);
    keys = result.UnprocessedKeys?.[table]?.Keys;
  }
  const totals = new Map<string, ActivityTotals>();
  for (const id of orderIds) {
    const item = found.get(activityScope({ kind: 'order', id }));
    if (item?.sellerId === sellerId) totals.set(id, totalsOf(item));
  }
  return totals;
}
