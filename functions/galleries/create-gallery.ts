import { routeHandler } from '../lib/http';
import { createGallery } from './service';

export const handler = routeHandler('createGallery', ({ userId, body }) =>
  createGallery(userId, body.albumName),
);
