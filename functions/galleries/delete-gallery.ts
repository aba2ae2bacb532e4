import { routeHandler } from '../lib/seller-http';
import { deleteGallery } from './service';

export const handler = routeHandler('deleteGallery', ({ userId, params }) =>
  deleteGallery(userId, params.galleryId),
);
