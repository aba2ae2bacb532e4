import { routeHandler } from '../lib/seller-http';
import { setLogo } from './service';

export const handler = routeHandler('setLogo', ({ userId, body }) => setLogo(userId, body));
