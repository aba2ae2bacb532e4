/** The public-orders Lambda: the customer's order check and the fulfilled order's photos. */
import { groupHandler } from '../lib/http';

export const handler = groupHandler('public-orders', {
  publicOrder: () => import('./get-public-order'),
  fulfilledOrder: () => import('./get-fulfilled-order'),
});
