import { clientIp, routeHandler } from '../lib/http';
import { orderPick } from './pick-order';

export const handler = routeHandler('publicGalleryOrder', ({ params, body, event }) =>
  orderPick(params.publicId, body, clientIp(event)),
);
