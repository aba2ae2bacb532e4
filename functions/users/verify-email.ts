import { clientIp, routeHandler } from '../lib/http';
import { verifyEmail } from './email-codes';

export const handler = routeHandler('verifyEmail', ({ body, event }) => verifyEmail(body, clientIp(event)));
