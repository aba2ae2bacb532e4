import { routeHandler } from '../lib/seller-http';
import { listGalleries } from './service';

export const handler = routeHandler('listGalleries', ({ member, query }) => listGalleries(member, query));
