/**
 * The orders Lambda: the seller creates orders from gallery photos, lists, views and cancels them, extends
 * a completed one's access or offers its customer a paid extension, and reads what they add up to: month
 * by month, and as a CSV of the sales.
 */
import { groupHandler } from '../lib/http';

export const handler = groupHandler('orders', {
  createOrder: () => import('./create-order'),
  listOrders: () => import('./list-orders'),
  getOrder: () => import('./get-order'),
  cancelOrder: () => import('./cancel-order'),
  extendAccess: () => import('./extend-access'),
  offerExtension: () => import('./offer-extension'),
  salesSummary: () => import('./sales-summary'),
  exportSales: () => import('./export-sales'),
  orderActivity: () => import('./order-activity'),
});
