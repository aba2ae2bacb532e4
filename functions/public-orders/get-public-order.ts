import { clientIp, routeHandler } from '../lib/http';
import { getPublicOrder } from './service';

export const handler = routeHandler('publicOrder', ({ params, body, event }) =>
  getPublicOrder(params.orderId, body.captchaToken, clientIp(event)),
);
