/** The seller's brand: the logo (the business name is part of the profile). */
import { LogoParams, LogoResponse, LogoUploadBody, LogoUploadResponse, SetLogoBody } from '../../schemas/branding';
import { route } from '../route-def';

export const brandingRoutes = {
  startLogoUpload: route({
    method: 'POST',
    path: '/branding/logo-uploads',
    caller: 'seller',
    status: 201,
    group: 'branding',
    errors: [],
    body: LogoUploadBody,
    response: LogoUploadResponse,
  }),
  setLogo: route({
    method: 'POST',
    path: '/branding/logo',
    caller: 'seller',
    group: 'branding',
    errors: [],
    body: SetLogoBody,
    response: LogoResponse,
  }),
  deleteLogo: route({
    method: 'DELETE',
    path: '/branding/logo',
    caller: 'seller',
    status: 204,
    group: 'branding',
    errors: [],
    response: null,
  }),
  /** A logo as customers and emails load it: a redirect to a short-lived URL of the stored PNG. */
  sellerLogo: route({
    method: 'GET',
    path: '/logos/{logoId}',
    caller: 'public',
    status: 302,
    group: 'branding',
    errors: [],
    params: LogoParams,
    response: null,
  }),
} as const;
