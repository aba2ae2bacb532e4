import { routeHandler } from '../lib/seller-http';
import { signMultipartParts } from './multipart';

export const handler = routeHandler('signMultipartParts', ({ userId, params, body }) =>
  signMultipartParts(userId, params.galleryId, params.photoId, body),
);
