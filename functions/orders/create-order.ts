import { routeHandler } from '../lib/http';
import { createOrder } from './service';

export const handler = routeHandler('createOrder', ({ userId, body }) => createOrder(userId, body));
