import { routeHandler } from '../lib/http';
import { verifyEmail } from './service';

export const handler = routeHandler('verifyEmail', ({ body }) => verifyEmail(body));
