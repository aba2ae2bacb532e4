import { clientIp, routeHandler } from '../lib/http';
import { requestPasswordReset } from './email-codes';

export const handler = routeHandler('requestPasswordReset', ({ body, event }) =>
  requestPasswordReset(body, clientIp(event)),
);
