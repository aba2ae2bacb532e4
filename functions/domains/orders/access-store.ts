/**
 * The writes and reads of an order's access after fulfilment: the seller's extension, the reminders before
 * it ends (claimed once each, in a conditional write, before the email goes) and the customer's
 * unsubscribe. Storage only: what is due and what an extension gives are pure functions
 * (shared/rules/access-reminders.ts).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { scheduleAt, type ReminderKind, type ReminderSchedule } from '#shared/rules/access-reminders';
import { conditionally, queryItems, tableName, updatedItem } from '../../lib/dynamo';
import type { OrderRecord } from './order-store';

const BY_REMINDER_DUE = 'byReminderDue';

/** SET and REMOVE clauses that store the next reminder, or clear it when none is to come. */
function scheduleClauses(next: ReminderSchedule | undefined) {
  return next
    ? {
        sets: ['nextReminderAt = :nextAt', 'reminderDay = :nextDay'],
        removes: [] as string[],
        values: { ':nextAt': next.nextReminderAt, ':nextDay': next.reminderDay },
      }
    : { sets: [] as string[], removes: ['nextReminderAt', 'reminderDay'], values: {} };
}

const expression = (sets: string[], removes: string[], extra = '') =>
  [sets.length && `SET ${sets.join(', ')}`, removes.length && `REMOVE ${removes.join(', ')}`, extra]
    .filter(Boolean)
    .join(' ');

/** A change of a fulfilled order's access or reminders: only while it is fulfilled, answered as written. */
function updateFulfilled(
  orderId: string,
  change: { sets: string[]; removes: string[]; extra?: string; condition: string; values: object },
): Promise<OrderRecord | undefined> {
  return updatedItem<OrderRecord>({
    TableName: tableName('orders'),
    Key: { orderId },
    UpdateExpression: expression(change.sets, change.removes, change.extra),
    ConditionExpression: `#status = :fulfilled AND ${change.condition}`,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':fulfilled': 'FULFILLED', ...change.values },
  });
}

/**
 * Extends a fulfilled order's access to `accessEndsAt`, if its access end is still the one the caller read
 * (two extensions at once: the second decides again). The reminders start over for the new end.
 */
export function extendAccess(
  read: OrderRecord,
  accessEndsAt: Date,
  next: ReminderSchedule | undefined,
): Promise<OrderRecord | undefined> {
  const schedule = scheduleClauses(next);
  return updateFulfilled(read.orderId, {
    sets: ['accessEndsAt = :end', ...schedule.sets],
    removes: ['remindersSent', ...schedule.removes],
    condition: read.accessEndsAt ? 'accessEndsAt = :seen' : 'attribute_not_exists(accessEndsAt)',
    values: {
      ':end': accessEndsAt.toISOString(),
      ...(read.accessEndsAt && { ':seen': read.accessEndsAt }),
      ...schedule.values,
    },
  });
}

/**
 * Claims one reminder of the order for sending, with its next one scheduled: only if the order still
 * waits for it at the time the caller read (`seenAt`), it was not sent, and the customer did not
 * unsubscribe. Of two runs (a retry, an overlap) exactly one wins. Answers the order as written, with
 * its unsubscribe token (made with the first reminder), or undefined when another run or a change came
 * first.
 */
export function claimReminder(
  read: OrderRecord,
  kind: ReminderKind,
  next: ReminderSchedule | undefined,
  newToken: string,
): Promise<OrderRecord | undefined> {
  const schedule = scheduleClauses(next);
  return updateFulfilled(read.orderId, {
    sets: ['reminderToken = if_not_exists(reminderToken, :token)', ...schedule.sets],
    removes: schedule.removes,
    extra: 'ADD remindersSent :kinds',
    condition:
      'nextReminderAt = :seenAt AND NOT contains(remindersSent, :kind) AND attribute_not_exists(remindersOffAt)',
    values: {
      ':seenAt': read.nextReminderAt,
      ':kind': kind,
      ':kinds': new Set([kind]),
      ':token': newToken,
      ...schedule.values,
    },
  });
}

/**
 * Gives a claimed reminder back after its email failed, so the next run tries again: only while the claim
 * is still the latest change (the schedule is the one the claim wrote).
 */
export async function releaseReminder(
  claimed: OrderRecord,
  kind: ReminderKind,
  seenAt: string,
): Promise<boolean> {
  const schedule = scheduleClauses(scheduleAt(new Date(seenAt)));
  return conditionally(
    new UpdateCommand({
      TableName: tableName('orders'),
      Key: { orderId: claimed.orderId },
      UpdateExpression: expression(schedule.sets, [], 'DELETE remindersSent :kinds'),
      ConditionExpression: `contains(remindersSent, :kind) AND ${
        claimed.nextReminderAt ? 'nextReminderAt = :claimedNext' : 'attribute_not_exists(nextReminderAt)'
      }`,
      ExpressionAttributeValues: {
        ...schedule.values,
        ':kind': kind,
        ':kinds': new Set([kind]),
        ...(claimed.nextReminderAt && { ':claimedNext': claimed.nextReminderAt }),
      },
    }),
  );
}

/**
 * Moves or clears the schedule of an order whose stored next reminder is not (or no longer) due as read:
 * unsubscribed, access ended or refunded, or a reminder skipped. Only if nothing changed it since.
 */
export async function reschedule(read: OrderRecord, next: ReminderSchedule | undefined): Promise<boolean> {
  const schedule = scheduleClauses(next);
  return conditionally(
    new UpdateCommand({
      TableName: tableName('orders'),
      Key: { orderId: read.orderId },
      UpdateExpression: expression(schedule.sets, schedule.removes),
      ConditionExpression: 'nextReminderAt = :seenAt',
      ExpressionAttributeValues: { ':seenAt': read.nextReminderAt, ...schedule.values },
    }),
  );
}

/**
 * Turns the order's reminders off for good, if the token is the order's: false when it is not (or the
 * order has none yet). Unsubscribing twice changes nothing.
 */
export async function unsubscribeReminders(orderId: string, token: string, now: Date): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('orders'),
      Key: { orderId },
      UpdateExpression:
        'SET remindersOffAt = if_not_exists(remindersOffAt, :now) REMOVE nextReminderAt, reminderDay',
      ConditionExpression: 'reminderToken = :token',
      ExpressionAttributeValues: { ':token': token, ':now': now.toISOString() },
    }),
  );
}

/** One due order as the index shows it: its id and stored schedule (possibly a moment behind). */
export type DueReminder = Pick<OrderRecord, 'orderId' | 'nextReminderAt'>;

/** The orders whose next reminder falls on `day` at or before `now`, read a page at a time. */
export async function* dueReminders(day: string, now: Date): AsyncGenerator<DueReminder> {
  const items = queryItems({
    TableName: tableName('orders'),
    IndexName: BY_REMINDER_DUE,
    KeyConditionExpression: 'reminderDay = :day AND nextReminderAt <= :now',
    ExpressionAttributeValues: { ':day': day, ':now': now.toISOString() },
    ProjectionExpression: 'orderId, nextReminderAt',
  });
  for await (const item of items) yield item as DueReminder;
}
