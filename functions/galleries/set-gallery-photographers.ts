import { routeHandler } from '../lib/seller-http';
import { setGalleryPhotographers } from './service';

export const handler = routeHandler('setGalleryPhotographers', ({ member, params, body }) =>
  setGalleryPhotographers(member, params.galleryId, body.memberIds),
);
