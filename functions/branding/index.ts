/** The branding Lambda: the seller's logo (upload, processing, removal) and its public address. */
import { groupHandler } from '../lib/http';

export const handler = groupHandler('branding', {
  startLogoUpload: () => import('./start-logo-upload'),
  setLogo: () => import('./set-logo'),
  deleteLogo: () => import('./delete-logo'),
  sellerLogo: () => import('./get-logo'),
});
