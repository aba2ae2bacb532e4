import { routeHandler } from '../lib/http';
import { orderPick } from './pick-order';

export const handler = routeHandler('publicGalleryOrder', ({ params, body }) =>
  orderPick(params.publicId, body),
);
