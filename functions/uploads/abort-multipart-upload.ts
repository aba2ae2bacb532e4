import { routeHandler } from '../lib/seller-http';
import { abortMultipart } from './multipart';

export const handler = routeHandler('abortMultipartUpload', ({ userId, params }) =>
  abortMultipart(userId, params.galleryId, params.photoId),
);
