/**
 * The writes of the seller's paid extension (shared/rules/paid-extension.ts): the price the seller offers
 * on an order, and the customer's extension order, created together with the extended order's pointer to
 * it so that two taps at once make one order to pay, not two.
 */
import { tableName, updatedItem } from '../../lib/dynamo';
import { createOrderWith, type OrderRecord } from './order-store';

/**
 * Sets (or, undefined, removes) the price of an order's paid extension, while the order is completed and
 * not an extension itself. Answers the order as written; undefined when it no longer qualifies.
 */
export function setExtensionPrice(read: OrderRecord, priceMinor: number | undefined) {
  return updatedItem<OrderRecord>({
    TableName: tableName('orders'),
    Key: { orderId: read.orderId },
    UpdateExpression: priceMinor ? 'SET extensionPriceMinor = :price' : 'REMOVE extensionPriceMinor',
    ConditionExpression: '#status = :fulfilled AND attribute_not_exists(extendsOrderId)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':fulfilled': 'FULFILLED', ...(priceMinor && { ':price': priceMinor }) },
  });
}

/**
 * Stores the customer's extension order and points the extended order at it, in one transaction: only
 * while the extended order still offers that price and still points where the caller read (nowhere, or at
 * an extension that can no longer be paid). False when another request (or the seller) came first.
 */
export function startExtension(extended: OrderRecord, extension: OrderRecord): Promise<boolean> {
  const seen = extended.extensionOrderId;
  return createOrderWith(extension, [
    {
      Update: {
        TableName: tableName('orders'),
        Key: { orderId: extended.orderId },
        UpdateExpression: 'SET extensionOrderId = :extension',
        ConditionExpression: `extensionPriceMinor = :price AND ${
          seen ? 'extensionOrderId = :seen' : 'attribute_not_exists(extensionOrderId)'
        }`,
        ExpressionAttributeValues: {
          ':extension': extension.orderId,
          ':price': extension.totalMinor,
          ...(seen && { ':seen': seen }),
        },
      },
    },
  ]);
}
