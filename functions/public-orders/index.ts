/** The public-orders Lambda: opening an order (one call), the customer's order check and the fulfilled order's photos, and unsubscribing from its reminders. */
import { groupHandler } from '../lib/http';

export const handler = groupHandler('public-orders', {
  openOrder: () => import('./open-order'),
  publicOrder: () => import('./get-public-order'),
  fulfilledOrder: () => import('./get-fulfilled-order'),
  unsubscribeReminders: () => import('./unsubscribe-reminders'),
});
