/** The customer's unsubscribe from an order's reminder emails (shared/rules/reminder-email.ts). */
import { serverErrors } from '#shared/texts/errors';
import { notFound } from '../lib/http-error';
import { unsubscribeReminders } from '../domains/orders/access-store';

/** Turns the reminders off; 404 when the token is not the order's (or there is no such order). */
export async function unsubscribe(orderId: string, token: string, now = new Date()): Promise<void> {
  if (!(await unsubscribeReminders(orderId, token, now))) throw notFound(serverErrors.unsubscribeLinkInvalid);
}
