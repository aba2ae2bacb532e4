import { routeHandler } from '../lib/seller-http';
import { publishGallery } from './public-gallery';

export const handler = routeHandler('publishGallery', ({ userId, params, body }) =>
  publishGallery(userId, params.galleryId, body),
);
