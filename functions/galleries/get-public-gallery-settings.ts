import { routeHandler } from '../lib/seller-http';
import { getPublicSettings } from './public-gallery';

export const handler = routeHandler('publicGallerySettings', ({ userId, params }) =>
  getPublicSettings(userId, params.galleryId),
);
