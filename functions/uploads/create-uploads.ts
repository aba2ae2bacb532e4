import { routeHandler } from '../lib/seller-http';
import { createUploads } from './service';

export const handler = routeHandler('createUploads', ({ member, params, body }) =>
  createUploads(member, params.galleryId, body),
);
