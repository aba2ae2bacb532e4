import { routeHandler } from '../lib/http';
import { createUploads } from './service';

export const handler = routeHandler('createUploads', ({ userId, params, body }) =>
  createUploads(userId, params.galleryId, body),
);
