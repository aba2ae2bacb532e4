/**
 * The hourly reminder run: reads the orders whose next reminder is due (the `byReminderDue` index, by
 * day, never a scan), decides each on the order as stored now (shared/rules/access-reminders.ts), claims
 * the reminder in one conditional write and only then sends it. A run retried, or two runs at once, send
 * each reminder once: the second claim fails. A failed send gives the claim back for the next run. A
 * process that dies between its claim and SES's answer loses that one reminder rather than risk a second.
 */
import { planReminder, type ReminderKind } from '#shared/rules/access-reminders';
import { reminderEmail } from '#shared/rules/reminder-email';
import { appEnv } from '../lib/env';
import { newReminderToken } from '../lib/ids';
import { logger } from '../lib/logger';
import { sendEmail, type SendEmail } from '../lib/mail';
import { getOrder, type OrderRecord } from '../domains/orders/order-store';
import { emailBrand } from '../domains/orders/order-confirmation';
import {
  claimReminder,
  dueReminders,
  releaseReminder,
  reschedule,
  type DueReminder,
} from '../domains/orders/access-store';

/** Days of schedule read behind today: a run that failed for days still sends what is due. */
export const REMINDER_CATCH_UP_DAYS = 8;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The index's days to read at `now`, oldest first. */
export const reminderDays = (now: Date): string[] =>
  Array.from({ length: REMINDER_CATCH_UP_DAYS + 1 }, (_, back) =>
    new Date(now.getTime() - (REMINDER_CATCH_UP_DAYS - back) * DAY_MS).toISOString().slice(0, 10),
  );

export interface ReminderRun {
  sent: number;
  failed: number;
  /** Due as the index said, but another run, a change or the order itself decided otherwise. */
  passed: number;
}

/** What one run's reminders share: its time, the mail adapter, and each seller's brand read once. */
interface RunContext {
  now: Date;
  mail: SendEmail;
  brandOf: (sellerId: string) => ReturnType<typeof emailBrand>;
}

/** Each seller's brand read once per run: an event's orders can fall due together by the hundred. */
function brandsOfRun(appUrl: string): RunContext['brandOf'] {
  const brands = new Map<string, ReturnType<typeof emailBrand>>();
  return (sellerId) => {
    const brand = brands.get(sellerId) ?? emailBrand(sellerId, appUrl);
    brands.set(sellerId, brand);
    return brand;
  };
}

async function send(order: OrderRecord, kind: ReminderKind, accessEndsAt: Date, run: RunContext) {
  const { APP_URL, SUPPORT_EMAIL } = appEnv();
  const email = reminderEmail({
    kind,
    orderId: order.orderId,
    appUrl: APP_URL,
    accessEndsAt,
    unsubscribeToken: order.reminderToken ?? '',
    supportEmail: SUPPORT_EMAIL,
    seller: await run.brandOf(order.sellerId),
  });
  await run.mail({ to: order.customerEmail ?? '', ...email });
}

async function remindOne(due: DueReminder, run: RunContext): Promise<keyof ReminderRun> {
  const { now } = run;
  const order = await getOrder(due.orderId);
  if (!order) return 'passed';
  const plan = planReminder(order, now);
  if ('skip' in plan) return 'passed';
  if ('reschedule' in plan) {
    await reschedule(order, plan.reschedule);
    return 'passed';
  }
  const claimed = await claimReminder(order, plan.send, plan.next, newReminderToken());
  if (!claimed) return 'passed';
  try {
    await send(claimed, plan.send, plan.accessEndsAt, run);
    logger.info('access reminder sent', { orderId: order.orderId, kind: plan.send });
    return 'sent';
  } catch (error) {
    logger.error('access reminder failed: given back for the next run', { orderId: order.orderId, error });
    await releaseReminder(claimed, plan.send, order.nextReminderAt ?? now.toISOString());
    return 'failed';
  }
}

/** Sends every reminder due at `now` (the scheduled time of the run). */
export async function sendDueReminders(now: Date, mail: SendEmail = sendEmail): Promise<ReminderRun> {
  const counts: ReminderRun = { sent: 0, failed: 0, passed: 0 };
  const run: RunContext = { now, mail, brandOf: brandsOfRun(appEnv().APP_URL) };
  for (const day of reminderDays(now)) {
    for await (const due of dueReminders(day, now)) counts[await remindOne(due, run)] += 1;
  }
  logger.info('access reminder run', { at: now.toISOString(), ...counts });
  return counts;
}
