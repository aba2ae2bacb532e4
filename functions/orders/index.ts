/** The orders Lambda: the seller creates orders from gallery photos, lists and views them. */
import { groupHandler } from '../lib/http';

export const handler = groupHandler('orders', {
  createOrder: () => import('./create-order'),
  listOrders: () => import('./list-orders'),
  getOrder: () => import('./get-order'),
});
