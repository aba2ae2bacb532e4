import { routeHandler } from '../lib/seller-http';
import { exportSales } from './sales-export';

export const handler = routeHandler('exportSales', ({ userId, body }) => exportSales(userId, body));
