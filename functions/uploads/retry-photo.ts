import { routeHandler } from '../lib/seller-http';
import { retryPhoto } from './service';

export const handler = routeHandler('retryPhoto', ({ userId, params }) =>
  retryPhoto(userId, params.galleryId, params.photoId),
);
