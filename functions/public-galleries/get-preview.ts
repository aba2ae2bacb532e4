/** GET `/previews/{publicId}/{photoId}/{size}?v=&t=`: a watermarked preview (a redirect to it). */
import { routeHandler } from '../lib/http';
import { previewRedirect } from './preview';

export const handler = routeHandler('publicGalleryPreview', ({ params, query }) =>
  previewRedirect({ ...params, ...(query.t && { token: query.t }) }),
);
