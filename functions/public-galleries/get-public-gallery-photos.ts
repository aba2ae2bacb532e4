/** POST `/public/galleries/{publicId}/photos`: the next page of the gallery's photos. */
import { routeHandler } from '../lib/http';
import { openGallery } from './access';
import { galleryPage } from './view';

export const handler = routeHandler('publicGalleryPhotos', async ({ params, body }) =>
  galleryPage(await openGallery(params.publicId, body.pin), body.cursor),
);
