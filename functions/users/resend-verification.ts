import { routeHandler } from '../lib/http';
import { resendVerification } from './service';

export const handler = routeHandler('resendVerification', ({ body }) => resendVerification(body.email));
