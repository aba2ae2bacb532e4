/** The public-galleries Lambda: a customer's view of a public gallery a page at a time, face search, orders and the page's count call. */
import { groupHandler } from '../lib/http';

export const handler = groupHandler('public-galleries', {
  publicGallery: () => import('./get-public-gallery'),
  publicGalleryPhotos: () => import('./get-public-gallery-photos'),
  publicGallerySearch: () => import('./search-faces'),
  publicGalleryOrder: () => import('./create-pick-order'),
  recordActivity: () => import('./record-activity'),
});
