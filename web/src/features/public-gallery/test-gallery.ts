/** A public gallery as the server answers it, for this feature's tests. */
import type { PublicGalleryView } from '#shared/schemas/public-gallery';

export const galleryPhoto = (n: number) => ({
  photoId: `photo_000${n}`,
  width: 800,
  height: 600,
  gridUrl: `https://cdn.test/previews/pub_regatta/photo_000${n}/grid`,
  fullUrl: `https://cdn.test/previews/pub_regatta/photo_000${n}/full`,
});

export const testGallery = (fields: Partial<PublicGalleryView> = {}): PublicGalleryView => ({
  publicId: 'pub_regatta',
  title: 'Sailing regatta',
  eventDate: '2025-06-14',
  // £4.50 a photo, 5 for £20, all 10 for £30.
  pricing: {
    currency: 'GBP',
    perPhotoMinor: 450,
    bundles: [{ photos: 5, priceMinor: 2000 }],
    allPhotosMinor: 3000,
  },
  free: false,
  faceSearch: false,
  seller: {},
  photos: Array.from({ length: 10 }, (_, i) => galleryPhoto(i)),
  ...fields,
});
