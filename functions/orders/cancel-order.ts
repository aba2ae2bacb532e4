import { routeHandler } from '../lib/seller-http';
import { cancelOrder } from './service';

export const handler = routeHandler('cancelOrder', ({ userId, params }) =>
  cancelOrder(userId, params.orderId),
);
