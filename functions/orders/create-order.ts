import { routeHandler } from '../lib/seller-http';
import { createOrder } from './service';

export const handler = routeHandler('createOrder', ({ member, body }) => createOrder(member, body));
