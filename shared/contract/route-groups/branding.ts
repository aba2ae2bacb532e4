/** The seller's brand: the logo (the business name is part of the profile). */
import {
  LogoParams,
  LogoResponse,
  LogoUploadBody,
  LogoUploadResponse,
  SetLogoBody,
} from '../../schemas/branding';
import { brandingErrors } from '../../rules/branding';
import { answer } from '../error-answers';
import { USER_NOT_FOUND } from './common-answers';
import { route } from '../route-def';

const LOGO_CHANGED = answer(409, brandingErrors.logoChanged);

export const brandingRoutes = {
  startLogoUpload: route({
    method: 'POST',
    path: '/branding/logo-uploads',
    caller: 'seller',
    minRole: 'manager',
    status: 201,
    group: 'branding',
    errors: [USER_NOT_FOUND],
    body: LogoUploadBody,
    response: LogoUploadResponse,
  }),
  setLogo: route({
    method: 'POST',
    path: '/branding/logo',
    caller: 'seller',
    minRole: 'manager',
    group: 'branding',
    errors: [
      USER_NOT_FOUND,
      answer(404, brandingErrors.logoUploadNotFound),
      answer(400, brandingErrors.logoNotImage),
      LOGO_CHANGED,
    ],
    body: SetLogoBody,
    response: LogoResponse,
  }),
  deleteLogo: route({
    method: 'DELETE',
    path: '/branding/logo',
    caller: 'seller',
    minRole: 'manager',
    status: 204,
    group: 'branding',
    errors: [USER_NOT_FOUND, answer(409, brandingErrors.logoInUse), LOGO_CHANGED],
    response: null,
  }),
  /** A logo as customers and emails load it: a redirect to a short-lived URL of the stored PNG. */
  sellerLogo: route({
    method: 'GET',
    path: '/logos/{logoId}',
    caller: 'public',
    status: 302,
    group: 'branding',
    errors: [answer(404, brandingErrors.logoNotFound)],
    params: LogoParams,
    response: null,
  }),
} as const;
