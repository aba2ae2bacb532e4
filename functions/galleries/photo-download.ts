import { routeHandler } from '../lib/http';
import { photoDownload } from './service';

export const handler = routeHandler('photoDownload', ({ userId, params }) =>
  photoDownload(userId, params.galleryId, params.photoId),
);
