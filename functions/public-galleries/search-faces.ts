import { routeHandler } from '../lib/http';
import { addActivity } from '../domains/activity/activity-store';
import { openGallery } from './access';
import { findPhotos } from './face-search';
import { photosByIds } from './view';

export const handler = routeHandler('publicGallerySearch', async ({ params, body }) => {
  const record = await openGallery(params.publicId, body.pin);
  const photos = await photosByIds(record, await findPhotos(record, body.descriptor));
  // A selfie search that ran (whatever it found); only the count is kept, never the descriptor.
  await addActivity({ kind: 'gallery', id: record.publicId }, record.userId, { selfieSearches: 1 });
  return { photos };
});
