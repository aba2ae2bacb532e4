/** A seller's orders through the orders table's `bySeller` index (seller, createdAt), newest first. */
import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../dynamo';
import { photoAccess } from '../../../shared/rules/photo-availability';
import { isCheckoutOpen } from '../../../shared/rules/order-status';
import type { OrderRecord } from './orders';

const BY_SELLER = 'bySeller';

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
      Limit: limit,
      ...(startKey && { ExclusiveStartKey: startKey }),
    }),
  );
  return {
    orders: (result.Items ?? []) as OrderRecord[],
    ...(result.LastEvaluatedKey && { lastKey: result.LastEvaluatedKey }),
  };
}

/** Whether a customer can still open the order: checkout still open, or photos still downloadable. */
const stillOpen = (order: OrderRecord, now: Date): boolean =>
  isCheckoutOpen(order, now) || photoAccess(order, now) === 'available';

/** Whether any order of this gallery can still be opened by its customer. */
export async function hasOpenOrders(sellerId: string, galleryId: string, now: Date): Promise<boolean> {
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
    if (((page.Items ?? []) as OrderRecord[]).some((order) => stillOpen(order, now))) return true;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return false;
}
