/** Uploads of a seller's photos: single uploads, resumable (multipart) uploads for large files, retry and delete. */
import {
  CreateUploadsBody,
  CreateUploadsResponse,
  GalleryIdParams,
  GalleryPhotoParams,
  Photo,
} from '../../schemas/gallery';
import {
  CompleteMultipartBody,
  MultipartProgress,
  SignPartsBody,
  SignPartsResponse,
  StartMultipartUploadBody,
  StartMultipartUploadResponse,
} from '../../schemas/multipart';
import { sellerGalleryErrors } from '../../texts/seller-errors';
import { sellerToolErrors } from '../../texts/seller-tools-errors';
import { answer } from '../error-answers';
import { GALLERY_NOT_FOUND, STRIPE_UNAVAILABLE } from './common-answers';
import { route } from '../route-def';

const PHOTO_NOT_FOUND = answer(404, sellerToolErrors.photoNotFound);

/**
 * Claiming files against the monthly limit (functions/uploads/service.ts claimFiles). A batch the
 * rules refuse (type, size) answers 400 with the rule's text.
 */
const FILES_CLAIM = [
  GALLERY_NOT_FOUND,
  answer(404, sellerGalleryErrors.userIdNotFound),
  answer(409, sellerToolErrors.duplicateFile),
  answer(409, sellerToolErrors.fileInProgress),
  answer(409, sellerToolErrors.uploadLimitReached),
] as const;

/** A multipart upload's photo must be the seller's and still waiting for its parts. */
const WAITING_UPLOAD = [
  GALLERY_NOT_FOUND,
  PHOTO_NOT_FOUND,
  answer(409, sellerToolErrors.noMultipartUpload),
] as const;

export const uploadsRoutes = {
  createUploads: route({
    method: 'POST',
    path: '/galleries/{galleryId}/uploads',
    caller: 'seller',
    minRole: 'photographer',
    group: 'uploads',
    errors: [...FILES_CLAIM],
    params: GalleryIdParams,
    body: CreateUploadsBody,
    response: CreateUploadsResponse,
  }),
  deletePhoto: route({
    method: 'DELETE',
    path: '/galleries/{galleryId}/photos/{photoId}',
    caller: 'seller',
    minRole: 'photographer',
    status: 204,
    group: 'uploads',
    errors: [
      GALLERY_NOT_FOUND,
      PHOTO_NOT_FOUND,
      answer(409, sellerToolErrors.photoInOpenOrder),
      STRIPE_UNAVAILABLE,
    ],
    params: GalleryPhotoParams,
    response: null,
  }),
  /** Processes a FAILED photo again from its kept original (answers the photo, now PROCESSING). */
  retryPhoto: route({
    method: 'POST',
    path: '/galleries/{galleryId}/photos/{photoId}/retry',
    caller: 'seller',
    minRole: 'photographer',
    group: 'uploads',
    errors: [
      GALLERY_NOT_FOUND,
      PHOTO_NOT_FOUND,
      answer(409, sellerToolErrors.photoNotFailed),
      answer(409, sellerToolErrors.originalNotKept),
    ],
    params: GalleryPhotoParams,
    response: Photo,
  }),
  /** Claims the file against the monthly limit (as createUploads does) and starts its multipart upload. */
  startMultipartUpload: route({
    method: 'POST',
    path: '/galleries/{galleryId}/multipart-uploads',
    caller: 'seller',
    minRole: 'photographer',
    status: 201,
    group: 'uploads',
    errors: [
      ...FILES_CLAIM,
      answer(400, sellerToolErrors.notMultipart),
      answer(409, sellerToolErrors.alreadyUploaded),
    ],
    params: GalleryIdParams,
    body: StartMultipartUploadBody,
    response: StartMultipartUploadResponse,
  }),
  /** The upload's plan and the parts S3 holds (ListParts): where a reloaded page resumes. */
  multipartProgress: route({
    method: 'GET',
    path: '/galleries/{galleryId}/photos/{photoId}/multipart',
    caller: 'seller',
    minRole: 'photographer',
    group: 'uploads',
    errors: [...WAITING_UPLOAD],
    params: GalleryPhotoParams,
    response: MultipartProgress,
  }),
  /** Presigned UploadPart URLs for the given parts, each signing its part's exact size. */
  signMultipartParts: route({
    method: 'POST',
    path: '/galleries/{galleryId}/photos/{photoId}/multipart/parts',
    caller: 'seller',
    minRole: 'photographer',
    group: 'uploads',
    errors: [...WAITING_UPLOAD, answer(400, sellerToolErrors.partOutOfRange)],
    params: GalleryPhotoParams,
    body: SignPartsBody,
    response: SignPartsResponse,
  }),
  /** Checks the parts against the declared size, then completes (or aborts, answering 400). */
  completeMultipartUpload: route({
    method: 'POST',
    path: '/galleries/{galleryId}/photos/{photoId}/multipart/complete',
    caller: 'seller',
    minRole: 'photographer',
    group: 'uploads',
    errors: [...WAITING_UPLOAD, answer(400, sellerToolErrors.partsDoNotMatch)],
    params: GalleryPhotoParams,
    body: CompleteMultipartBody,
    response: Photo,
  }),
  /** Aborts the upload (S3 drops its parts) and removes the photo that was waiting for it. */
  abortMultipartUpload: route({
    method: 'DELETE',
    path: '/galleries/{galleryId}/photos/{photoId}/multipart',
    caller: 'seller',
    minRole: 'photographer',
    status: 204,
    group: 'uploads',
    errors: [...WAITING_UPLOAD],
    params: GalleryPhotoParams,
    response: null,
  }),
} as const;
