/**
 * A seller's orders through the orders table's `bySeller` index (seller, createdAt), newest first.
 * Index reads are eventually consistent: an order created a moment ago may be missing, so nothing but
 * the seller's list reads them (what an order holds is kept on the photos: order-holds.ts).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../dynamo';
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
