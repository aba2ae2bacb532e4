import { clientIp, routeHandler } from '../lib/http';
import { resendVerification } from './email-codes';

export const handler = routeHandler('resendVerification', ({ body, event }) =>
  resendVerification(body, clientIp(event)),
);
