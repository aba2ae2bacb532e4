import { routeHandler } from '../lib/http';
import { connectStatus } from './service';

export const handler = routeHandler('connectStatus', ({ userId }) => connectStatus(userId));
