import { clientIp, routeHandler } from '../lib/http';
import { signUp } from './service';

export const handler = routeHandler('signUp', ({ body, event }) => signUp(body, clientIp(event)));
