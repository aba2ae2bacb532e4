import { routeHandler } from '../lib/http';
import { getPublicOrder } from './service';

export const handler = routeHandler('publicOrder', ({ params, body, event }) =>
  getPublicOrder(params.orderId, body.captchaToken, event.requestContext.http?.sourceIp),
);
