import { routeHandler } from '../lib/http';
import { currentUser } from './service';

export const handler = routeHandler('currentUser', ({ member }) => currentUser(member));
