import { routeHandler } from '../lib/http';
import { startMultipartUpload } from './multipart';

export const handler = routeHandler('startMultipartUpload', ({ userId, params, body }) =>
  startMultipartUpload(userId, params.galleryId, body),
);
