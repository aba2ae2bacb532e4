import { routeHandler } from '../lib/http';
import { requestPasswordReset } from './service';

export const handler = routeHandler('requestPasswordReset', ({ body }) => requestPasswordReset(body.email));
