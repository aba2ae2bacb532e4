/**
 * Reminders before a fulfilled order's access ends, and the seller's extension of that access, as pure
 * functions of the access's end and the clock. A customer who gave an email is reminded
 * ACCESS_REMINDER_DAYS before the end (7 days, then 1 day): each once. An order's next reminder is
 * stored on it (`nextReminderAt`, indexed by day), so the hourly run reads only what is due.
 */
import { ACCESS_EXTENSION_MAX_DAYS, ACCESS_REMINDER_DAYS } from './constants';
import { photosAvailableUntil, type OrderForPhotos } from './photo-availability';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A reminder is named by how many days before the end it goes: '7' or '1'. */
export type ReminderKind = `${(typeof ACCESS_REMINDER_DAYS)[number]}`;

export const REMINDER_KINDS: readonly ReminderKind[] = ACCESS_REMINDER_DAYS.map(
  (days) => `${days}` as ReminderKind,
);

export const reminderDueAt = (accessEndsAt: Date, kind: ReminderKind): Date =>
  new Date(accessEndsAt.getTime() - Number(kind) * DAY_MS);

/** An order's next reminder as stored: when, and the day that indexes it (`YYYY-MM-DD`, UTC). */
export interface ReminderSchedule {
  nextReminderAt: string;
  reminderDay: string;
}

export const scheduleAt = (at: Date): ReminderSchedule => {
  const nextReminderAt = at.toISOString();
  return { nextReminderAt, reminderDay: nextReminderAt.slice(0, 10) };
};

/**
 * The next reminder still ahead of `now` for an access ending at `accessEndsAt`: the earliest kind not
 * sent whose time has not come. None when every reminder is sent or past (an access extended by a day
 * gets only the last one).
 */
export function nextReminder(
  accessEndsAt: Date,
  now: Date,
  sent: ReadonlySet<string> = new Set(),
): ReminderSchedule | undefined {
  const ahead = REMINDER_KINDS.map((kind) => ({ kind, at: reminderDueAt(accessEndsAt, kind) })).filter(
    ({ kind, at }) => !sent.has(kind) && at.getTime() > now.getTime(),
  );
  const first = ahead.sort((a, b) => a.at.getTime() - b.at.getTime())[0];
  return first && scheduleAt(first.at);
}

/** What an order needs to be reminded: its access, who to write to, and what was sent or refused. */
export interface RemindableOrder extends OrderForPhotos {
  customerEmail?: string;
  remindersSent?: ReadonlySet<string>;
  /** Set when the customer unsubscribed from this order's reminders. */
  remindersOffAt?: string;
}

/**
 * The reminder to send now, if any: the most urgent kind whose time has come while access lasts and that
 * was not sent (a 7-day reminder overdue when the 1-day one is due is skipped, not sent late).
 */
export function dueReminder(order: RemindableOrder, now: Date): ReminderKind | undefined {
  if (order.status !== 'FULFILLED' || !order.customerEmail || order.remindersOffAt) return undefined;
  const end = photosAvailableUntil(order);
  if (!end || now.getTime() >= end.getTime()) return undefined;
  const due = REMINDER_KINDS.filter((kind) => reminderDueAt(end, kind).getTime() <= now.getTime());
  const mostUrgent = due.sort((a, b) => Number(a) - Number(b))[0];
  return mostUrgent && !order.remindersSent?.has(mostUrgent) ? mostUrgent : undefined;
}

/** The first reminder of an access that ends at `accessEndsAt`, for a customer with an email. */
export const firstReminder = (
  accessEndsAt: Date,
  now: Date,
  customerEmail: string | undefined,
): ReminderSchedule | undefined => (customerEmail ? nextReminder(accessEndsAt, now) : undefined);

export type ExtensionRefusal = 'not-fulfilled' | 'bad-days';

/**
 * The new end of an order's access extended by `days`: from its current end, or from now when that has
 * passed (an extension after the end opens the order again for `days`). Only a fulfilled order's access
 * is extended: a disputed one is suspended, a refunded one ended.
 */
export function extendedAccessEnd(
  order: OrderForPhotos,
  days: number,
  now: Date,
): { accessEndsAt: Date } | { refused: ExtensionRefusal } {
  if (!Number.isInteger(days) || days < 1 || days > ACCESS_EXTENSION_MAX_DAYS) return { refused: 'bad-days' };
  const end = order.status === 'FULFILLED' ? photosAvailableUntil(order) : undefined;
  if (!end) return { refused: 'not-fulfilled' };
  const from = Math.max(end.getTime(), now.getTime());
  return { accessEndsAt: new Date(from + days * DAY_MS) };
}

/** What the reminder run does with an order the index says is due (as read, strongly, now). */
export type ReminderPlan =
  | { send: ReminderKind; accessEndsAt: Date; next: ReminderSchedule | undefined }
  | { reschedule: ReminderSchedule | undefined }
  | { skip: 'not-due-yet' };

export function planReminder(order: RemindableOrder & { nextReminderAt?: string }, now: Date): ReminderPlan {
  if (!order.nextReminderAt || Date.parse(order.nextReminderAt) > now.getTime())
    return { skip: 'not-due-yet' };
  const end = photosAvailableUntil(order);
  const kind = dueReminder(order, now);
  if (kind && end) {
    const sent = new Set([...(order.remindersSent ?? []), kind]);
    return { send: kind, accessEndsAt: end, next: nextReminder(end, now, sent) };
  }
  const stillRemindable = end && order.status === 'FULFILLED' && order.customerEmail && !order.remindersOffAt;
  return { reschedule: stillRemindable ? nextReminder(end, now, order.remindersSent) : undefined };
}
