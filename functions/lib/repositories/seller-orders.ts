/** A seller's orders through the orders table's `bySeller` index (seller, createdAt), newest first. */
import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../dynamo';
import { photoAccess } from '../../../shared/rules/photo-availability';
import { isCheckoutOpen } from '../../../shared/rules/order-status';
import type { OrderRecord } from './orders';

const BY_SELLER = 'bySeller';

/** A page of the seller's orders, newest first; one more is read so a next page is announced only if it exists. */
export async function listSellerOrders(
  sellerId: string,
  limit: number,
  startKey: Record<string, unknown> | undefined,
): Promise<{ orders: OrderRecord[]; lastKey?: Record<string, unknown> }> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName('orders'),
      IndexName: BY_SELLER,
      KeyConditionExpression: 'sellerId = :sellerId',
      ExpressionAttributeValues: { ':sellerId': sellerId },
      ScanIndexForward: false,
      Limit: limit + 1,
      ...(startKey && { ExclusiveStartKey: startKey }),
    }),
  );
  const items = (result.Items ?? []) as OrderRecord[];
  const orders = items.slice(0, limit);
  const last = orders[orders.length - 1];
  const more = items.length > limit || (items.length === limit && result.LastEvaluatedKey !== undefined);
  // The index's key: the table key plus the index key attributes.
  return {
    orders,
    ...(more &&
      last && { lastKey: { orderId: last.orderId, sellerId: last.sellerId, createdAt: last.createdAt } }),
  };
}

/** Whether a customer can still open the order: checkout still open, or photos still downloadable. */
const stillOpen = (order: OrderRecord, now: Date): boolean =>
  isCheckoutOpen(order, now) || photoAccess(order, now) === 'available';

/**
 * Whether any order of this gallery (or, with `photoId`, any order including that photo) can still be
 * opened by its customer.
 */
export async function hasOpenOrders(
  sellerId: string,
  galleryId: string,
  now: Date,
  photoId?: string,
): Promise<boolean> {
  const counts = (order: OrderRecord) =>
    stillOpen(order, now) && (photoId === undefined || order.photoIds.includes(photoId));
  let startKey: Record<string, unknown> | undefined;
  do {
    const page: QueryCommandOutput = await dynamo().send(
      new QueryCommand({
        TableName: tableName('orders'),
        IndexName: BY_SELLER,
        KeyConditionExpression: 'sellerId = :sellerId',
        FilterExpression: 'galleryId = :galleryId',
        ExpressionAttributeValues: { ':sellerId': sellerId, ':galleryId': galleryId },
        ...(startKey && { ExclusiveStartKey: startKey }),
      }),
    );
    if (((page.Items ?? []) as OrderRecord[]).some(counts)) return true;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return false;
}
