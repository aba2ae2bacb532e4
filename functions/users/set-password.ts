import { routeHandler } from '../lib/http';
import { setPassword } from './service';

export const handler = routeHandler('setPassword', ({ body }) => setPassword(body));
