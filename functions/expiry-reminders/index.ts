/**
 * The access reminders: an EventBridge schedule runs it every hour (infra/constructs/expiry-reminders.ts).
 * The run's time is the event's (`time`, the scheduled time), not the clock at which it happens to run:
 * a delivery retried later sends what was due at its time, and the local schedule stand-in can run
 * the hours of a month in seconds.
 */
import * as z from 'zod/mini';
import { eventHandler } from '../lib/tracer';
import { sendDueReminders } from './service';

const ScheduledEvent = z.object({ time: z.iso.datetime() });

export const handler = eventHandler(async (event: unknown) => {
  const parsed = ScheduledEvent.safeParse(event);
  return sendDueReminders(parsed.success ? new Date(parsed.data.time) : new Date());
});
