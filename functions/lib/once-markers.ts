/**
 * Once-only markers in the events table, the idempotency every domain uses, expiring by TTL
 * (`expiresAtEpoch`; reads treat an expired item as absent since TTL deletes late):
 * - processed webhook events,
 * - once-only markers written in a transaction with what they guard (`onceMarkerPart`).
 * The table's other kinds, each under its own key prefix, live with their domain: the upload markers
 * (functions/domains/uploads/upload-marker-store.ts) and billing's checkout records
 * (functions/domains/billing/checkout-record-store.ts).
 *
 * Webhook events: an event is claimed with a conditional put before it is processed and marked done
 * after; the claim is a lease, so if the process dies mid-way a redelivery after the lease can take
 * over, and a failure releases the claim at once.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionFailure, tableName } from './dynamo';
import type { TransactionPart } from './transactions';

/** Longer than any function timeout, so a live claim is never taken over. */
export const EVENT_LEASE_MS = 60_000;

/** Stripe retries an event for up to three days; remember it well past that. */
export const EVENT_RETENTION_DAYS = 30;

export type EventClaim = 'claimed' | 'done' | 'in-progress';

interface EventRecord {
  eventId: string;
  state: 'PROCESSING' | 'DONE';
  claimId: string;
  leaseUntil: number;
  expiresAtEpoch: number;
}

const epochSeconds = (ms: number): number => Math.floor(ms / 1000);

/**
 * Claims an event for processing under `claimId`. 'done' when it was processed before; 'in-progress'
 * when another live claim holds it.
 */
export async function claimEvent(eventId: string, claimId: string, now = Date.now()): Promise<EventClaim> {
  const item: EventRecord = {
    eventId,
    state: 'PROCESSING',
    claimId,
    leaseUntil: now + EVENT_LEASE_MS,
    expiresAtEpoch: epochSeconds(now) + EVENT_RETENTION_DAYS * 24 * 60 * 60,
  };
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName('events'),
        Item: item,
        ConditionExpression:
          'attribute_not_exists(eventId) OR expiresAtEpoch < :nowEpoch OR (#state = :processing AND leaseUntil < :now)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':nowEpoch': epochSeconds(now),
          ':processing': 'PROCESSING',
          ':now': now,
        },
      }),
    );
    return 'claimed';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('events'), Key: { eventId }, ConsistentRead: true }),
  );
  return (Item as EventRecord | undefined)?.state === 'DONE' ? 'done' : 'in-progress';
}

/** Marks a claimed event processed; later deliveries of it are acknowledged without work. */
export async function markEventDone(eventId: string, claimId: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('events'),
      Key: { eventId },
      UpdateExpression: 'SET #state = :done REMOVE leaseUntil',
      ConditionExpression: 'claimId = :claimId',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':done': 'DONE', ':claimId': claimId },
    }),
  );
}

/** Gives up a claim after a failure, so Stripe's next retry processes the event at once. */
export async function releaseEvent(eventId: string, claimId: string): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName('events'),
        Key: { eventId },
        ConditionExpression: 'claimId = :claimId AND #state = :processing',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':claimId': claimId, ':processing': 'PROCESSING' },
      }),
    );
  } catch (error) {
    // Someone else's claim or already done: nothing of ours to release.
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * A transaction part that writes the marker `markerId` only if it was never written, so what the
 * transaction does with it happens once. Kept (no TTL): a retry may come at any time.
 */
export const onceMarkerPart = (markerId: string, at: Date): TransactionPart => ({
  Put: {
    TableName: tableName('events'),
    Item: { eventId: markerId, state: 'DONE', doneAt: at.toISOString() },
    ConditionExpression: 'attribute_not_exists(eventId)',
  },
});
