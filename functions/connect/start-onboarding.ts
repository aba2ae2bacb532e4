import { routeHandler } from '../lib/seller-http';
import { startOnboarding } from './service';

export const handler = routeHandler('connectOnboarding', ({ userId }) => startOnboarding(userId));
