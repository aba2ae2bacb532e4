/** Orders table: one item per order, keyed by its random id; `bySeller` lists a seller's orders. */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OrderStatus, OrderType } from '../../../shared/schemas/order';
import { dynamo, tableName } from '../dynamo';

export interface OrderRecord {
  orderId: string;
  sellerId: string;
  galleryId: string;
  photoIds: string[];
  currency: string;
  /** Total in minor units (pence): money is never a float on the server. */
  totalMinor: number;
  orderType: OrderType;
  status: OrderStatus;
  customerEmail?: string;
  createdAt: string;
  expiresAt: string;
  checkoutSessionId?: string;
  checkoutUrl?: string;
  /** ISO time the Stripe Checkout Session stops accepting payment. */
  checkoutExpiresAt?: string;
  fulfilledAt?: string;
}

export async function getOrder(orderId: string): Promise<OrderRecord | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName('orders'), Key: { orderId } }));
  return Item as OrderRecord | undefined;
}

/** Creates an order; fails if the id exists (ids are random, so that means a bug or a replay). */
export async function createOrder(order: OrderRecord): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('orders'),
      Item: order,
      ConditionExpression: 'attribute_not_exists(orderId)',
    }),
  );
}

/**
 * Records a new Checkout Session on an order, only if the order still has the session the caller saw
 * (none, or an expired one), so two concurrent requests cannot overwrite each other's session.
 * Returns false when another request won.
 */
export async function attachCheckoutSession(
  orderId: string,
  previousSessionId: string | undefined,
  session: { id: string; url: string; expiresAt: string },
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('orders'),
        Key: { orderId },
        UpdateExpression: 'SET checkoutSessionId = :id, checkoutUrl = :url, checkoutExpiresAt = :exp',
        ConditionExpression: previousSessionId
          ? 'checkoutSessionId = :previous AND #status <> :fulfilled'
          : 'attribute_not_exists(checkoutSessionId) AND #status <> :fulfilled',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':id': session.id,
          ':url': session.url,
          ':exp': session.expiresAt,
          ':fulfilled': 'FULFILLED',
          ...(previousSessionId && { ':previous': previousSessionId }),
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
