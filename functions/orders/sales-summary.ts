import { routeHandler } from '../lib/seller-http';
import { salesSummary } from './sales';

export const handler = routeHandler('salesSummary', ({ userId }) => salesSummary(userId));
