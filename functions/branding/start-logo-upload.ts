import { routeHandler } from '../lib/seller-http';
import { startLogoUpload } from './service';

export const handler = routeHandler('startLogoUpload', ({ userId, body }) => startLogoUpload(userId, body));
