import { routeHandler } from '../lib/seller-http';
import { updateProfile } from './service';

export const handler = routeHandler('updateProfile', ({ body, userId }) => updateProfile(userId, body));
