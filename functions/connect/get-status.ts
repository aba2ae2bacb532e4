import { routeHandler } from '../lib/seller-http';
import { connectStatus } from './service';

export const handler = routeHandler('connectStatus', ({ userId }) => connectStatus(userId));
