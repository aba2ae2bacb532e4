/** The orders Lambda: the seller creates orders from gallery photos, lists, views and cancels them. */
import { groupHandler } from '../lib/http';

export const handler = groupHandler('orders', {
  createOrder: () => import('./create-order'),
  listOrders: () => import('./list-orders'),
  getOrder: () => import('./get-order'),
  cancelOrder: () => import('./cancel-order'),
});
