import { clientIp, routeHandler } from '../lib/http';
import { openOrder } from './service';

export const handler = routeHandler('openOrder', ({ params, body, event }) =>
  openOrder(params.orderId, body.captchaToken, clientIp(event)),
);
