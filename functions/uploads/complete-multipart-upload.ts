import { routeHandler } from '../lib/seller-http';
import { completeMultipart } from './multipart';

export const handler = routeHandler('completeMultipartUpload', ({ userId, params, body }) =>
  completeMultipart(userId, params.galleryId, params.photoId, body),
);
