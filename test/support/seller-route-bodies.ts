/**
 * Valid requests for the seller routes that name a business's ids (a gallery, photo, order, hidden
 * person or member), for the cases that call every such route with another business's ids (S15, S40,
 * and the orders integration test).
 */
import { pathParamNames, routes, type RouteName } from '#shared/contract/routes';

export interface Ids {
  galleryId: string;
  photoId: string;
  orderId: string;
  /** A person A hides from A's public gallery. */
  personId: string;
  /** A member of A's team (or A, the owner). */
  memberId: string;
}

/** A valid body for each seller route that has one, naming the ids given (else none). */
export const bodyFor = (name: RouteName, ids: Ids, clientFileId: string): unknown => {
  switch (name) {
    case 'renameGallery':
      return { albumName: 'Taken over' };
    case 'galleryThumbnails':
      return { photoIds: [ids.photoId] };
    case 'createUploads':
      return {
        quality: 'original',
        files: [{ name: 'x.jpg', size: 1000, contentType: 'image/jpeg', clientFileId }],
      };
    case 'startMultipartUpload':
      return {
        quality: 'original',
        file: { name: 'x.tif', size: 20 * 1024 * 1024, contentType: 'image/tiff', clientFileId },
      };
    case 'signMultipartParts':
      return { partNumbers: [1] };
    case 'completeMultipartUpload':
      return { parts: [{ partNumber: 1, etag: '"0123456789abcdef0123456789abcdef"' }] };
    case 'createOrder':
      return { galleryId: ids.galleryId, photoIds: [ids.photoId], total: 0 };
    case 'extendAccess':
      return { days: 7 };
    case 'offerExtension':
      return { price: 5 };
    case 'publishGallery':
      return {
        published: true,
        settings: {
          title: 'Taken over',
          pricing: { currency: 'GBP', perPhotoMinor: 0, bundles: [] },
          watermark: { kind: 'text', text: 'Mine', position: 'center', opacity: 1 },
        },
        faceSearch: { enabled: false },
      };
    case 'changeMemberRole':
      return { role: 'manager' };
    case 'setGalleryPhotographers':
      return { memberIds: [] };
    case 'hidePerson':
      return { label: 'Taken over', descriptor: new Array(128).fill(0) };
    default:
      return routes[name].method === 'GET' || routes[name].method === 'DELETE' ? undefined : {};
  }
};

/** The ids each route's body above carries. */
export const BODY_IDS: Partial<Record<RouteName, (keyof Ids)[]>> = {
  galleryThumbnails: ['photoId'],
  createOrder: ['galleryId', 'photoId'],
};

/** Seller routes that name a gallery, photo or order: by a path parameter, or (createOrder) in the body. */
export const idRoutes = (Object.keys(routes) as RouteName[]).filter(
  (name) =>
    routes[name].caller === 'seller' &&
    (pathParamNames(routes[name].path).length > 0 || name === 'createOrder'),
);
