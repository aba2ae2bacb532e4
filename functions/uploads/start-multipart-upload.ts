import { routeHandler } from '../lib/seller-http';
import { startMultipartUpload } from './multipart';

export const handler = routeHandler('startMultipartUpload', ({ member, params, body }) =>
  startMultipartUpload(member, params.galleryId, body),
);
