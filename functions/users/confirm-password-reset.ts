import { routeHandler } from '../lib/http';
import { confirmPasswordReset } from './service';

export const handler = routeHandler('confirmPasswordReset', ({ body }) => confirmPasswordReset(body));
