import { routeHandler } from '../lib/seller-http';
import { releaseWithheldPhoto } from './hidden-people';

export const handler = routeHandler('releasePhoto', ({ userId, params }) =>
  releaseWithheldPhoto(userId, params.galleryId, params.photoId),
);
