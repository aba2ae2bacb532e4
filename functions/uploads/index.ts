/** The uploads Lambda: signed upload URLs within the monthly limit, and photo deletion. */
import { groupHandler } from '../lib/http';

export const handler = groupHandler({
  createUploads: () => import('./create-uploads'),
  deletePhoto: () => import('./delete-photo'),
});
