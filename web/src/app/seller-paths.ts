/** The account and seller paths (account document, section 2); the router sends them to SellerArea. */
import { ACCOUNT_SETUP_PATH } from '#shared/contract/account-setup-path';

export const SELLER_PATHS = [
  'signup',
  'signin',
  'reset-password',
  'signup-confirmation',
  'verify',
  ACCOUNT_SETUP_PATH.slice(1) as 'account-setup',
  'auth-callback',
  'callback',
  'signout',
  'profile',
  'dashboard',
  'manage-account',
  'pricing',
  'team',
] as const;
export type SellerPath = (typeof SELLER_PATHS)[number];
