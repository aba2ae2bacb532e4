/** Orders table: one item per order, keyed by its random id; `bySeller` lists a seller's orders. */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OrderStatus, OrderType } from '../../../shared/schemas/order';
import { orderExpiry } from '../../../shared/rules/order-status';
import { dynamo, tableName } from '../dynamo';
import { ordersEnv } from '../env';

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
  /** A free order's checkout session (see shared/rules/free-checkout.ts). */
  freeCheckoutSessionId?: string;
  freeCheckoutExpiresAt?: string;
  /** The Stripe Checkout Session and PaymentIntent that paid the order. */
  paidCheckoutSessionId?: string;
  paymentIntentId?: string;
  /** The confirmation email is sent once: claimed (a lease), then sent or failed. */
  confirmationEmailClaimedAt?: string;
  confirmationEmailSentAt?: string;
  confirmationEmailError?: string;
}

/**
 * The order, strongly consistent: it is opened right after it is created (the seller's order page, the
 * QR code) and after every state change (checkout, fulfilment), where a stale copy would mislead.
 */
export async function getOrder(orderId: string): Promise<OrderRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('orders'), Key: { orderId }, ConsistentRead: true }),
  );
  return Item as OrderRecord | undefined;
}

/**
 * When a new order stops being available: ORDER_AVAILABLE_DAYS (default 30) after its creation. Order
 * creation stores this as `expiresAt`, which every reader then goes by (effectiveStatus).
 */
export const newOrderExpiresAt = (createdAt: Date): string =>
  orderExpiry(createdAt, ordersEnv().ORDER_AVAILABLE_DAYS).toISOString();

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

const isConditionFailure = (error: unknown): boolean =>
  (error as { name?: string }).name === 'ConditionalCheckFailedException';

/** Runs a conditional write; false when its condition did not hold. */
async function conditionally(command: UpdateCommand): Promise<boolean> {
  try {
    await dynamo().send(command);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Reads an order strongly consistently: after a lost conditional write the caller needs the winner's state. */
export async function getOrderConsistent(orderId: string): Promise<OrderRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('orders'), Key: { orderId }, ConsistentRead: true }),
  );
  return Item as OrderRecord | undefined;
}

/**
 * Stores the customer's email and a free checkout session on an open, unexpired order, only if the
 * order still has the session the caller saw (none, or the one being handed out again).
 */
export async function startFreeCheckout(
  orderId: string,
  customerEmail: string,
  previousSessionId: string | undefined,
  session: { id: string; expiresAt: string },
  now: Date,
): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('orders'),
      Key: { orderId },
      UpdateExpression:
        'SET customerEmail = :email, freeCheckoutSessionId = :id, freeCheckoutExpiresAt = :exp',
      ConditionExpression: `#status IN (:pending, :draft) AND expiresAt > :now AND ${
        previousSessionId
          ? 'freeCheckoutSessionId = :previous'
          : 'attribute_not_exists(freeCheckoutSessionId)'
      }`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':email': customerEmail,
        ':id': session.id,
        ':exp': session.expiresAt,
        ':pending': 'PENDING',
        ':draft': 'DRAFT',
        ':now': now.toISOString(),
        ...(previousSessionId && { ':previous': previousSessionId }),
      },
    }),
  );
}

/**
 * The one write that fulfils a free order: only with its unexpired session, while the order is open and
 * unexpired. The confirmation email is claimed in the same write, so exactly the winner sends it.
 * False when the condition failed (already fulfilled, expired, or another session).
 */
export async function fulfilFreeOrder(orderId: string, sessionId: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  return conditionally(
    new UpdateCommand({
      TableName: tableName('orders'),
      Key: { orderId },
      UpdateExpression:
        'SET #status = :fulfilled, fulfilledAt = :now, confirmationEmailClaimedAt = :now REMOVE freeCheckoutSessionId, freeCheckoutExpiresAt',
      ConditionExpression:
        '#status IN (:pending, :draft) AND expiresAt > :now AND freeCheckoutSessionId = :sid AND freeCheckoutExpiresAt > :now',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':fulfilled': 'FULFILLED',
        ':pending': 'PENDING',
        ':draft': 'DRAFT',
        ':now': at,
        ':sid': sessionId,
      },
    }),
  );
}

/**
 * The one write that fulfils a paid order, from a paid Checkout Session. Payment has been taken, so the
 * order's expiry does not stop it. The payer's email (from Stripe) becomes the customer email.
 */
export async function fulfilPaidOrder(
  orderId: string,
  payment: { checkoutSessionId: string; paymentIntentId?: string; customerEmail?: string },
  now: Date,
): Promise<boolean> {
  const sets = [
    '#status = :fulfilled',
    'fulfilledAt = :now',
    'confirmationEmailClaimedAt = :now',
    'paidCheckoutSessionId = :sid',
  ];
  if (payment.paymentIntentId) sets.push('paymentIntentId = :pi');
  if (payment.customerEmail) sets.push('customerEmail = :email');
  return conditionally(
    new UpdateCommand({
      TableName: tableName('orders'),
      Key: { orderId },
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(orderId) AND #status <> :fulfilled',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':fulfilled': 'FULFILLED',
        ':now': now.toISOString(),
        ':sid': payment.checkoutSessionId,
        ...(payment.paymentIntentId && { ':pi': payment.paymentIntentId }),
        ...(payment.customerEmail && { ':email': payment.customerEmail }),
      },
    }),
  );
}

/**
 * Takes over the confirmation email of a fulfilled order whose sender never reported back (it died after
 * fulfilling): only when no email was sent and the previous claim is older than `staleBefore`.
 */
export async function reclaimConfirmationEmail(
  orderId: string,
  now: Date,
  staleBefore: Date,
): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('orders'),
      Key: { orderId },
      UpdateExpression: 'SET confirmationEmailClaimedAt = :now',
      ConditionExpression:
        '#status = :fulfilled AND attribute_not_exists(confirmationEmailSentAt) AND attribute_not_exists(confirmationEmailError) AND (attribute_not_exists(confirmationEmailClaimedAt) OR confirmationEmailClaimedAt < :stale)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':fulfilled': 'FULFILLED',
        ':now': now.toISOString(),
        ':stale': staleBefore.toISOString(),
      },
    }),
  );
}

/** Records how the confirmation email went. */
export async function recordConfirmationEmail(
  orderId: string,
  outcome: { sentAt: string } | { error: string },
): Promise<void> {
  const sent = 'sentAt' in outcome;
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('orders'),
      Key: { orderId },
      UpdateExpression: sent ? 'SET confirmationEmailSentAt = :value' : 'SET confirmationEmailError = :value',
      ExpressionAttributeValues: { ':value': sent ? outcome.sentAt : outcome.error },
    }),
  );
}

/**
 * Stripe expired the order's Checkout Session: mark it ended so the next order check creates a fresh one.
 * The id is kept, since the next create call's idempotency key and conditional attach name the session it
 * replaces. Only the session that expired is touched (a newer one may already be attached).
 */
export async function endCheckoutSession(
  orderId: string,
  sessionId: string,
  endedAt: Date,
): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('orders'),
      Key: { orderId },
      UpdateExpression: 'SET checkoutExpiresAt = :ended',
      ConditionExpression: 'checkoutSessionId = :sid AND #status <> :fulfilled',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':ended': endedAt.toISOString(),
        ':sid': sessionId,
        ':fulfilled': 'FULFILLED',
      },
    }),
  );
}
