import { clientIp, routeHandler } from '../lib/http';
import { setPassword } from './account-setup';

export const handler = routeHandler('setPassword', ({ body, event }) => setPassword(body, clientIp(event)));
