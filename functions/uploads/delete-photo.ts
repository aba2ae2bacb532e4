import { routeHandler } from '../lib/seller-http';
import { deletePhoto } from './service';

export const handler = routeHandler('deletePhoto', ({ userId, params }) =>
  deletePhoto(userId, params.galleryId, params.photoId),
);
