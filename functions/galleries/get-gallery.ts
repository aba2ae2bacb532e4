import { routeHandler } from '../lib/seller-http';
import { getGallery } from './service';

export const handler = routeHandler('getGallery', ({ userId, params, query }) =>
  getGallery(userId, params.galleryId, query),
);
