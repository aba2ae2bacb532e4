import { routeHandler } from '../lib/http';
import { multipartProgress } from './multipart';

export const handler = routeHandler('multipartProgress', ({ userId, params }) =>
  multipartProgress(userId, params.galleryId, params.photoId),
);
