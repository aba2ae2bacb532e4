import { clientIp, routeHandler } from '../lib/http';
import { getFulfilledOrder } from './service';

export const handler = routeHandler('fulfilledOrder', ({ params, body, event }) =>
  getFulfilledOrder(params.orderId, body.captchaToken, clientIp(event)),
);
