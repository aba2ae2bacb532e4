import { routeHandler } from '../lib/http';
import { listGalleries } from './service';

export const handler = routeHandler('listGalleries', ({ userId, query }) => listGalleries(userId, query));
