/** Public galleries, the customer's side: the view (published, open, PIN checked), its pages, face search and ordering picked photos. */
import {
  FaceSearchBody,
  FaceSearchResponse,
  PublicGalleryBody,
  PublicGalleryOrderBody,
  PublicGalleryOrderResponse,
  PublicGalleryPage,
  PublicGalleryPageBody,
  PublicGalleryView,
  PublicIdParams,
} from '../../schemas/public-gallery';
import { ActivityBody } from '../../schemas/activity';
import { publicGalleryErrors } from '../../texts/public-gallery-errors';
import { serverErrors } from '../../texts/errors';
import { answer } from '../error-answers';
import { CAPTCHA_REFUSED } from './common-answers';
import { route } from '../route-def';

/**
 * Opening a public gallery (functions/public-galleries/access.ts): unknown, unpublished and closed read
 * alike; a PIN asked for, wrong, held back (429, with Retry-After), needing a human check, or locked.
 */
const GALLERY_CLOSED = [
  answer(404, publicGalleryErrors.notFound),
  answer(403, publicGalleryErrors.pinRequired),
  answer(403, publicGalleryErrors.wrongPin),
  answer(429, publicGalleryErrors.pinWait),
  answer(400, publicGalleryErrors.pinCheckNeeded),
  CAPTCHA_REFUSED,
  answer(423, publicGalleryErrors.pinLocked),
] as const;

export const publicGalleriesRoutes = {
  publicGallery: route({
    method: 'POST',
    path: '/public/galleries/{publicId}',
    caller: 'public',
    group: 'public-galleries',
    errors: [...GALLERY_CLOSED],
    params: PublicIdParams,
    body: PublicGalleryBody,
    response: PublicGalleryView,
  }),
  /** The pages after the view's first, as the customer scrolls (cursor from the page before). */
  publicGalleryPhotos: route({
    method: 'POST',
    path: '/public/galleries/{publicId}/photos',
    caller: 'public',
    group: 'public-galleries',
    errors: [...GALLERY_CLOSED],
    params: PublicIdParams,
    body: PublicGalleryPageBody,
    response: PublicGalleryPage,
  }),
  publicGallerySearch: route({
    method: 'POST',
    path: '/public/galleries/{publicId}/search',
    caller: 'public',
    group: 'public-galleries',
    errors: [...GALLERY_CLOSED, answer(404, publicGalleryErrors.faceSearchOff)],
    params: PublicIdParams,
    body: FaceSearchBody,
    response: FaceSearchResponse,
  }),
  publicGalleryOrder: route({
    method: 'POST',
    path: '/public/galleries/{publicId}/orders',
    caller: 'public',
    status: 201,
    group: 'public-galleries',
    errors: [
      ...GALLERY_CLOSED,
      answer(400, publicGalleryErrors.duplicatePhotos),
      answer(400, publicGalleryErrors.photosUnavailable),
      answer(409, publicGalleryErrors.notSelling),
    ],
    params: PublicIdParams,
    body: PublicGalleryOrderBody,
    response: PublicGalleryOrderResponse,
  }),
  /**
   * Ours: the page's batched count of what makes no call of its own (photos viewed, downloads), for an
   * order link or a public gallery, sent with sendBeacon as the page is hidden. No human check (a beacon
   * cannot carry one); each count is bounded and the route's throttle applies. An unknown id counts
   * nothing (404), so no one can make counters for ids that do not exist.
   */
  recordActivity: route({
    method: 'POST',
    path: '/public/activity',
    caller: 'public',
    status: 204,
    group: 'public-galleries',
    errors: [answer(404, serverErrors.orderNotFound), answer(404, publicGalleryErrors.notFound)],
    body: ActivityBody,
    response: null,
  }),
} as const;
