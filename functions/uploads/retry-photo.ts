import { routeHandler } from '../lib/http';
import { retryPhoto } from './service';

export const handler = routeHandler('retryPhoto', ({ userId, params }) =>
  retryPhoto(userId, params.galleryId, params.photoId),
);
