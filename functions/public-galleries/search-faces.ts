import { routeHandler } from '../lib/http';
import { openGallery } from './access';
import { findPhotos } from './face-search';

export const handler = routeHandler('publicGallerySearch', async ({ params, body }) => ({
  photoIds: await findPhotos(await openGallery(params.publicId, body.pin), body.descriptor),
}));
