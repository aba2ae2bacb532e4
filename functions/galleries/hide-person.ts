import { routeHandler } from '../lib/seller-http';
import { hidePerson } from './hidden-people';

export const handler = routeHandler('hidePerson', ({ userId, params, body }) =>
  hidePerson(userId, params.galleryId, body),
);
