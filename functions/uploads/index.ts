/**
 * The uploads Lambda: signed upload URLs within the monthly limit (one PUT per file, or a resumable
 * multipart upload for large files), photo deletion, and retries.
 */
import { groupHandler } from '../lib/http';

export const handler = groupHandler('uploads', {
  createUploads: () => import('./create-uploads'),
  deletePhoto: () => import('./delete-photo'),
  retryPhoto: () => import('./retry-photo'),
  startMultipartUpload: () => import('./start-multipart-upload'),
  multipartProgress: () => import('./multipart-progress'),
  signMultipartParts: () => import('./sign-multipart-parts'),
  completeMultipartUpload: () => import('./complete-multipart-upload'),
  abortMultipartUpload: () => import('./abort-multipart-upload'),
});
