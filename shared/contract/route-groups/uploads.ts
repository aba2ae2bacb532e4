/** Uploads of a seller's photos: single uploads, resumable (multipart) uploads for large files, retry and delete. */
import { CreateUploadsBody, CreateUploadsResponse, GalleryIdParams, GalleryPhotoParams, Photo } from '../../schemas/gallery';
import { CompleteMultipartBody, MultipartProgress, SignPartsBody, SignPartsResponse, StartMultipartUploadBody, StartMultipartUploadResponse } from '../../schemas/multipart';
import { route } from '../route-def';

export const uploadsRoutes = {
  createUploads: route({
    method: 'POST',
    path: '/galleries/{galleryId}/uploads',
    caller: 'seller',
    group: 'uploads',
    errors: [],
    params: GalleryIdParams,
    body: CreateUploadsBody,
    response: CreateUploadsResponse,
  }),
  deletePhoto: route({
    method: 'DELETE',
    path: '/galleries/{galleryId}/photos/{photoId}',
    caller: 'seller',
    status: 204,
    group: 'uploads',
    errors: [],
    params: GalleryPhotoParams,
    response: null,
  }),
  /** Processes a FAILED photo again from its kept original (answers the photo, now PROCESSING). */
  retryPhoto: route({
    method: 'POST',
    path: '/galleries/{galleryId}/photos/{photoId}/retry',
    caller: 'seller',
    group: 'uploads',
    errors: [],
    params: GalleryPhotoParams,
    response: Photo,
  }),
  /** Claims the file against the monthly limit (as createUploads does) and starts its multipart upload. */
  startMultipartUpload: route({
    method: 'POST',
    path: '/galleries/{galleryId}/multipart-uploads',
    caller: 'seller',
    status: 201,
    group: 'uploads',
    errors: [],
    params: GalleryIdParams,
    body: StartMultipartUploadBody,
    response: StartMultipartUploadResponse,
  }),
  /** The upload's plan and the parts S3 holds (ListParts): where a reloaded page resumes. */
  multipartProgress: route({
    method: 'GET',
    path: '/galleries/{galleryId}/photos/{photoId}/multipart',
    caller: 'seller',
    group: 'uploads',
    errors: [],
    params: GalleryPhotoParams,
    response: MultipartProgress,
  }),
  /** Presigned UploadPart URLs for the given parts, each signing its part's exact size. */
  signMultipartParts: route({
    method: 'POST',
    path: '/galleries/{galleryId}/photos/{photoId}/multipart/parts',
    caller: 'seller',
    group: 'uploads',
    errors: [],
    params: GalleryPhotoParams,
    body: SignPartsBody,
    response: SignPartsResponse,
  }),
  /** Checks the parts against the declared size, then completes (or aborts, answering 400). */
  completeMultipartUpload: route({
    method: 'POST',
    path: '/galleries/{galleryId}/photos/{photoId}/multipart/complete',
    caller: 'seller',
    group: 'uploads',
    errors: [],
    params: GalleryPhotoParams,
    body: CompleteMultipartBody,
    response: Photo,
  }),
  /** Aborts the upload (S3 drops its parts) and removes the photo that was waiting for it. */
  abortMultipartUpload: route({
    method: 'DELETE',
    path: '/galleries/{galleryId}/photos/{photoId}/multipart',
    caller: 'seller',
    status: 204,
    group: 'uploads',
    errors: [],
    params: GalleryPhotoParams,
    response: null,
  }),
} as const;
