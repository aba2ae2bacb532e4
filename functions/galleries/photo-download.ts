import { routeHandler } from '../lib/seller-http';
import { photoDownload } from './service';

export const handler = routeHandler('photoDownload', ({ userId, params }) =>
  photoDownload(userId, params.galleryId, params.photoId),
);
