import { routeHandler } from '../lib/seller-http';
import { hiddenPeopleView } from './hidden-people';

export const handler = routeHandler('listHiddenPeople', ({ userId, params, query }) =>
  hiddenPeopleView(userId, params.galleryId, query.nextToken),
);
