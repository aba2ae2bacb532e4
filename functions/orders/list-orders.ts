import { routeHandler } from '../lib/seller-http';
import { listOrders } from './service';

export const handler = routeHandler('listOrders', ({ userId, query }) => listOrders(userId, query));
