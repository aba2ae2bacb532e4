import { clientIp, routeHandler } from '../lib/http';
import { buyExtension } from './extension';

export const handler = routeHandler('buyExtension', ({ params, body, event }) =>
  buyExtension(params.orderId, body.captchaToken, clientIp(event)),
);
