import { routeHandler } from '../lib/http';
import { startOnboarding } from './service';

export const handler = routeHandler('connectOnboarding', ({ userId }) => startOnboarding(userId));
