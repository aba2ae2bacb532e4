/** The previews Lambda: a watermarked preview CloudFront did not find in the bucket, made on the spot. */
import { groupHandler } from '../lib/http';

export const handler = groupHandler('previews', {
  publicGalleryPreview: () => import('./get-preview'),
});
