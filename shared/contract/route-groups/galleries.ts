/** Seller galleries and photos (account document, section 7, plus the web tools), their public side's settings and the people hidden from it. */
import * as z from 'zod/mini';
import { PageQuery } from '../../schemas/common';
import {
  Gallery,
  GalleryBody,
  GalleryDetailsQuery,
  GalleryIdParams,
  GalleryList,
  GalleryPhotoParams,
  ListGalleriesQuery,
  ThumbnailsBody,
  ThumbnailsQuery,
  ThumbnailsResponse,
} from '../../schemas/gallery';
import {
  HiddenPeopleView,
  HiddenPersonParams,
  HidePersonBody,
  PublicGalleryAdmin,
  PublishGalleryBody,
} from '../../schemas/public-gallery';
import { GalleryPhotographersBody } from '../../schemas/team';
import { teamErrors } from '../../texts/team-errors';
import { brandingErrors } from '../../rules/branding';
import { publicGalleryErrors } from '../../texts/public-gallery-errors';
import { sellerToolErrors } from '../../texts/seller-tools-errors';
import { answer } from '../error-answers';
import { GALLERY_NOT_FOUND, PAGE_TOKEN_REFUSED, STRIPE_UNAVAILABLE } from './common-answers';
import { route } from '../route-def';

/** Hiding people needs the gallery's public side. */
const NOT_PUBLIC = answer(409, publicGalleryErrors.hidingNeedsPublicGallery);

export const galleriesRoutes = {
  listGalleries: route({
    method: 'GET',
    path: '/galleries',
    caller: 'seller',
    minRole: 'photographer',
    group: 'galleries',
    errors: [],
    query: ListGalleriesQuery,
    response: GalleryList,
  }),
  createGallery: route({
    method: 'POST',
    path: '/galleries',
    caller: 'seller',
    minRole: 'photographer',
    status: 201,
    group: 'galleries',
    errors: [],
    body: GalleryBody,
    response: Gallery,
  }),
  getGallery: route({
    method: 'GET',
    path: '/galleries/{galleryId}',
    caller: 'seller',
    minRole: 'photographer',
    group: 'galleries',
    errors: [GALLERY_NOT_FOUND],
    params: GalleryIdParams,
    query: GalleryDetailsQuery,
    response: Gallery,
  }),
  renameGallery: route({
    method: 'PATCH',
    path: '/galleries/{galleryId}',
    caller: 'seller',
    minRole: 'manager',
    group: 'galleries',
    errors: [GALLERY_NOT_FOUND],
    params: GalleryIdParams,
    body: GalleryBody,
    response: Gallery,
  }),
  deleteGallery: route({
    method: 'DELETE',
    path: '/galleries/{galleryId}',
    caller: 'seller',
    minRole: 'manager',
    status: 204,
    group: 'galleries',
    errors: [GALLERY_NOT_FOUND, answer(409, sellerToolErrors.galleryHasOpenOrders), STRIPE_UNAVAILABLE],
    params: GalleryIdParams,
    response: null,
  }),
  galleryThumbnails: route({
    method: 'POST',
    path: '/galleries/{galleryId}/photos/thumbnails',
    caller: 'seller',
    minRole: 'photographer',
    group: 'galleries',
    errors: [GALLERY_NOT_FOUND],
    params: GalleryIdParams,
    query: ThumbnailsQuery,
    body: ThumbnailsBody,
    response: ThumbnailsResponse,
  }),
  photoDownload: route({
    method: 'GET',
    path: '/galleries/{galleryId}/photos/{photoId}/download',
    caller: 'seller',
    minRole: 'photographer',
    status: 302,
    group: 'galleries',
    errors: [GALLERY_NOT_FOUND, answer(404, sellerToolErrors.photoNotFound)],
    params: GalleryPhotoParams,
    response: null,
  }),
  publicGallerySettings: route({
    method: 'GET',
    path: '/galleries/{galleryId}/public',
    caller: 'seller',
    minRole: 'manager',
    group: 'galleries',
    errors: [GALLERY_NOT_FOUND],
    params: GalleryIdParams,
    response: PublicGalleryAdmin,
  }),
  publishGallery: route({
    method: 'POST',
    path: '/galleries/{galleryId}/public',
    caller: 'seller',
    minRole: 'manager',
    group: 'galleries',
    errors: [
      GALLERY_NOT_FOUND,
      answer(400, publicGalleryErrors.coverNotInGallery),
      answer(400, brandingErrors.logoWatermarkNeedsLogo),
      answer(409, sellerToolErrors.paymentsNotActive),
    ],
    params: GalleryIdParams,
    body: PublishGalleryBody,
    response: PublicGalleryAdmin,
  }),
  /** Lifts a PIN's lock after too many wrong PINs: its count of wrong PINs starts again. */
  unlockPublicGalleryPin: route({
    method: 'POST',
    path: '/galleries/{galleryId}/public/pin-unlock',
    caller: 'seller',
    minRole: 'manager',
    group: 'galleries',
    errors: [GALLERY_NOT_FOUND, answer(409, publicGalleryErrors.noPin)],
    params: GalleryIdParams,
    response: PublicGalleryAdmin,
  }),
  listHiddenPeople: route({
    method: 'GET',
    path: '/galleries/{galleryId}/public/hidden',
    caller: 'seller',
    minRole: 'manager',
    group: 'galleries',
    errors: [GALLERY_NOT_FOUND, PAGE_TOKEN_REFUSED],
    params: GalleryIdParams,
    query: PageQuery,
    response: HiddenPeopleView,
  }),
  hidePerson: route({
    method: 'POST',
    path: '/galleries/{galleryId}/public/hidden',
    caller: 'seller',
    minRole: 'manager',
    status: 201,
    group: 'galleries',
    errors: [GALLERY_NOT_FOUND, NOT_PUBLIC, answer(409, publicGalleryErrors.tooManyHiddenPeople)],
    params: GalleryIdParams,
    body: HidePersonBody,
    response: HiddenPeopleView,
  }),
  /** The person is hidden no more: their reference goes, and the photos withheld for them alone return. */
  unhidePerson: route({
    method: 'DELETE',
    path: '/galleries/{galleryId}/public/hidden/{personId}',
    caller: 'seller',
    minRole: 'manager',
    status: 204,
    group: 'galleries',
    errors: [GALLERY_NOT_FOUND, NOT_PUBLIC, answer(404, publicGalleryErrors.hiddenPersonNotFound)],
    params: HiddenPersonParams,
    response: null,
  }),
  /** The seller reviewed a withheld photo and shows it again (a later match of the same people does not withhold it). */
  releasePhoto: route({
    method: 'POST',
    path: '/galleries/{galleryId}/photos/{photoId}/release',
    caller: 'seller',
    minRole: 'manager',
    status: 204,
    group: 'galleries',
    errors: [GALLERY_NOT_FOUND, answer(404, publicGalleryErrors.photoNotWithheld)],
    params: GalleryPhotoParams,
    response: null,
  }),
  /** Gives the gallery to photographers of the team, who may then upload to it (replaces the list). */
  setGalleryPhotographers: route({
    method: 'POST',
    path: '/galleries/{galleryId}/photographers',
    caller: 'seller',
    minRole: 'manager',
    group: 'galleries',
    errors: [GALLERY_NOT_FOUND, answer(400, teamErrors.notAMember)],
    params: GalleryIdParams,
    body: GalleryPhotographersBody,
    response: z.omit(Gallery, { photos: true }),
  }),
} as const;
