/** The galleries Lambda: the seller's galleries, their photos' thumbnails and full-size downloads. */
import { groupHandler } from '../lib/http';

export const handler = groupHandler('galleries', {
  listGalleries: () => import('./list-galleries'),
  createGallery: () => import('./create-gallery'),
  getGallery: () => import('./get-gallery'),
  renameGallery: () => import('./rename-gallery'),
  deleteGallery: () => import('./delete-gallery'),
  galleryThumbnails: () => import('./gallery-thumbnails'),
  photoDownload: () => import('./photo-download'),
  publicGallerySettings: () => import('./get-public-gallery-settings'),
  publishGallery: () => import('./publish-gallery'),
  unlockPublicGalleryPin: () => import('./unlock-public-gallery-pin'),
  listHiddenPeople: () => import('./list-hidden-people'),
  hidePerson: () => import('./hide-person'),
  unhidePerson: () => import('./unhide-person'),
  releasePhoto: () => import('./release-photo'),
  setGalleryPhotographers: () => import('./set-gallery-photographers'),
});
