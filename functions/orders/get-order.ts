import { routeHandler } from '../lib/seller-http';
import { getOrder } from './service';

export const handler = routeHandler('getOrder', ({ userId, params }) => getOrder(userId, params.orderId));
