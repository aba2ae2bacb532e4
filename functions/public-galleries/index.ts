/** The public-galleries Lambda: a customer's view of a public gallery, its previews, face search and orders. */
import { groupHandler } from '../lib/http';

export const handler = groupHandler('public-galleries', {
  publicGallery: () => import('./get-public-gallery'),
  publicGallerySearch: () => import('./search-faces'),
  publicGalleryOrder: () => import('./create-pick-order'),
  publicGalleryPreview: () => import('./get-preview'),
});
