import { routeHandler } from '../lib/seller-http';
import { createGallery } from './service';

export const handler = routeHandler('createGallery', ({ member, body }) =>
  createGallery(member, body.albumName),
);
