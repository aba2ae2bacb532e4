import { routeHandler } from '../lib/http';
import { openGallery } from './access';
import { findPhotos } from './face-search';
import { photosByIds } from './view';

export const handler = routeHandler('publicGallerySearch', async ({ params, body }) => {
  const record = await openGallery(params.publicId, body.pin);
  return { photos: await photosByIds(record, await findPhotos(record, body.descriptor)) };
});
