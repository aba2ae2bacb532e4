import { clientIp, routeHandler } from '../lib/http';
import { confirmPasswordReset } from './email-codes';

export const handler = routeHandler('confirmPasswordReset', ({ body, event }) =>
  confirmPasswordReset(body, clientIp(event)),
);
