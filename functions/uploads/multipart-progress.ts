import { routeHandler } from '../lib/seller-http';
import { multipartProgress } from './multipart';

export const handler = routeHandler('multipartProgress', ({ userId, params }) =>
  multipartProgress(userId, params.galleryId, params.photoId),
);
