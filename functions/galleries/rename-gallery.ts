import { routeHandler } from '../lib/seller-http';
import { renameGallery } from './service';

export const handler = routeHandler('renameGallery', ({ userId, params, body }) =>
  renameGallery(userId, params.galleryId, body.albumName),
);
