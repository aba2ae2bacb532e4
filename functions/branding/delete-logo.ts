import { routeHandler } from '../lib/http';
import { deleteLogo } from './service';

export const handler = routeHandler('deleteLogo', ({ userId }) => deleteLogo(userId));
