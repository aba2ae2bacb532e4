import { routeHandler } from '../lib/http';
import { startLogoUpload } from './service';

export const handler = routeHandler('startLogoUpload', ({ userId, body }) => startLogoUpload(userId, body));
