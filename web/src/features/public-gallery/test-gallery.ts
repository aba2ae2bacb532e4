/** A public gallery as the server answers it, for this feature's tests. */
import type {
  PublicGalleryPage,
  PublicGalleryPhoto,
  PublicGalleryView,
} from '#shared/schemas/public-gallery';

/** A preview folder as the server names them (shared/contract/preview-paths.ts). */
const FOLDER = '/previews/pub_regatta/open/AAAAAAAAAAAAAAAAAAAAAA';

export const galleryPhoto = (n: number): PublicGalleryPhoto => {
  const photoId = `photo_${String(n).padStart(4, '0')}`;
  return {
    photoId,
    width: 800,
    height: 600,
    gridUrl: `${FOLDER}/${photoId}/grid.webp`,
    fullUrl: `${FOLDER}/${photoId}/full.webp`,
  };
};

const photoRange = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => galleryPhoto(from + i));

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
  totalPhotos: 10,
  photos: photoRange(0, 10),
  ...fields,
});

/**
 * A gallery of `total` photos served `pageSize` at a time: the view (its first page) and the server's
 * next pages by cursor (`page-2`, `page-3`…), as `publicGalleryPhotos` answers them.
 */
export function pagedGallery(total: number, pageSize: number, fields: Partial<PublicGalleryView> = {}) {
  const pageAt = (page: number): PublicGalleryPage => {
    const from = (page - 1) * pageSize;
    return {
      photos: photoRange(from, Math.min(pageSize, total - from)),
      ...(from + pageSize < total && { nextCursor: `page-${page + 1}` }),
    };
  };
  const view = testGallery({ totalPhotos: total, ...pageAt(1), ...fields });
  const nextPage = async (_params: { publicId: string }, body: { cursor: string }) =>
    pageAt(Number(body.cursor.replace('page-', '')));
  return { view, nextPage };
}
