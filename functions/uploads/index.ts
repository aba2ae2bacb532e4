/** The uploads Lambda: signed upload URLs within the monthly limit, photo deletion, and retries. */
import { groupHandler } from '../lib/http';

export const handler = groupHandler('uploads', {
  createUploads: () => import('./create-uploads'),
  deletePhoto: () => import('./delete-photo'),
  retryPhoto: () => import('./retry-photo'),
});
