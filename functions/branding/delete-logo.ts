import { routeHandler } from '../lib/seller-http';
import { deleteLogo } from './service';

export const handler = routeHandler('deleteLogo', ({ userId }) => deleteLogo(userId));
