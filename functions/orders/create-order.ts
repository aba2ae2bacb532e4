import { routeHandler } from '../lib/http';
import { createOrder } from './service';

export const handler = routeHandler('createOrder', ({ member, body }) => createOrder(member, body));
