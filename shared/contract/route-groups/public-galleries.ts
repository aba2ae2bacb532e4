/** Public galleries, the customer's side: the view (published, open, PIN checked), its pages, face search and ordering picked photos. */
import { FaceSearchBody, FaceSearchResponse, PublicGalleryBody, PublicGalleryOrderBody, PublicGalleryOrderResponse, PublicGalleryPage, PublicGalleryPageBody, PublicGalleryView, PublicIdParams } from '../../schemas/public-gallery';
import { route } from '../route-def';

export const publicGalleriesRoutes = {
  publicGallery: route({
    method: 'POST',
    path: '/public/galleries/{publicId}',
    caller: 'public',
    group: 'public-galleries',
    errors: [],
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
    errors: [],
    params: PublicIdParams,
    body: PublicGalleryPageBody,
    response: PublicGalleryPage,
  }),
  publicGallerySearch: route({
    method: 'POST',
    path: '/public/galleries/{publicId}/search',
    caller: 'public',
    group: 'public-galleries',
    errors: [],
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
    errors: [],
    params: PublicIdParams,
    body: PublicGalleryOrderBody,
    response: PublicGalleryOrderResponse,
  }),
} as const;
