import { routeHandler } from '../lib/http';
import { openGallery } from './access';
import { galleryView } from './view';

export const handler = routeHandler('publicGallery', async ({ params, body }) =>
  galleryView(await openGallery(params.publicId, body.pin)),
);
