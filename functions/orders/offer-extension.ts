import { routeHandler } from '../lib/seller-http';
import { offerExtension } from './extension-offer';

export const handler = routeHandler('offerExtension', ({ userId, params, body }) =>
  offerExtension(userId, params.orderId, body.price),
);
