import { routeHandler } from '../lib/seller-http';
import { unhidePerson } from './hidden-people';

export const handler = routeHandler('unhidePerson', ({ userId, params }) =>
  unhidePerson(userId, params.galleryId, params.personId),
);
