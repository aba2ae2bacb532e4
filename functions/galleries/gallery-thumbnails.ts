import { routeHandler } from '../lib/seller-http';
import { galleryThumbnails } from './service';

export const handler = routeHandler('galleryThumbnails', ({ userId, params, query, body }) =>
  galleryThumbnails(userId, params.galleryId, query, body.photoIds),
);
