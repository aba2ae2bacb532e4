import { routeHandler } from '../lib/seller-http';
import { extendOrderAccess } from './service';

export const handler = routeHandler('extendAccess', ({ userId, params, body }) =>
  extendOrderAccess(userId, params.orderId, body.days),
);
