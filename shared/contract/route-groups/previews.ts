/** Watermarked previews of public galleries not made yet. */
import { PreviewParams } from '../../schemas/public-gallery';
import { publicGalleryErrors } from '../../texts/public-gallery-errors';
import { answer } from '../error-answers';
import { route } from '../route-def';

export const previewsRoutes = {
  /**
   * A watermarked preview not made yet: CloudFront serves `/previews/*` from the bucket and asks here
   * only for an object it does not find there (its origin group's failover, with this API's stage as
   * the path prefix). The answer is the image itself, stored on the way, so the next request finds it.
   */
  publicGalleryPreview: route({
    method: 'GET',
    path: '/previews/{publicId}/{closes}/{secret}/{photoId}/{size}',
    caller: 'public',
    group: 'previews',
    errors: [answer(404, publicGalleryErrors.notFound)],
    params: PreviewParams,
    response: null,
  }),
} as const;
