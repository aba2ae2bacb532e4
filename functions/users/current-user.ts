import { routeHandler } from '../lib/seller-http';
import { currentUser } from './service';

export const handler = routeHandler('currentUser', ({ member }) => currentUser(member));
