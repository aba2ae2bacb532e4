import { routeHandler } from '../lib/seller-http';
import { orderActivity } from './activity';

export const handler = routeHandler('orderActivity', ({ userId, query }) => orderActivity(userId, query));
