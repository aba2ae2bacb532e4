import { routeHandler } from '../lib/http';
import { currentUser } from './service';

export const handler = routeHandler('currentUser', ({ userId }) => currentUser(userId));
