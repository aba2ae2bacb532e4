import { routeHandler } from '../lib/seller-http';
import { unlockPin } from './public-gallery';

export const handler = routeHandler('unlockPublicGalleryPin', ({ userId, params }) =>
  unlockPin(userId, params.galleryId),
);
