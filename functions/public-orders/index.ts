/** The public-orders Lambda: opening an order (one call), the customer's order check and the fulfilled order's photos, buying an ended order's paid extension, and unsubscribing from its reminders. */
import { groupHandler } from '../lib/http';

export const handler = groupHandler('public-orders', {
  openOrder: () => import('./open-order'),
  publicOrder: () => import('./get-public-order'),
  fulfilledOrder: () => import('./get-fulfilled-order'),
  buyExtension: () => import('./buy-extension'),
  unsubscribeReminders: () => import('./unsubscribe-reminders'),
});
