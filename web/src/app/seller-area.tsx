/**
 * Every account and seller page behind one lazy chunk, so the customer routes' entry bundle carries
 * only the list of paths: the guard, the pages (each its own chunk) and, through them, Amplify load
 * when a seller path is opened.
 */
import { useEffect, type ComponentType } from 'react';
import type { TeamRole } from '#shared/rules/team-roles';
import { useLocation } from 'react-router';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { RequireSeller, SignedOutOnly } from './auth-guards';
import * as pages from './seller-routes';
import { SELLER_PATHS, type SellerPath } from './seller-paths';

type Access = 'public' | 'signedOut' | 'signedIn';

/** Signed-in pages below the owner's role say which role they need (the API refuses the rest anyway). */
const PAGES: Record<SellerPath, { Page: ComponentType; access: Access; minRole?: TeamRole }> = {
  signup: { Page: pages.SignUpPage, access: 'signedOut' },
  signin: { Page: pages.SignInPage, access: 'signedOut' },
  'reset-password': { Page: pages.ResetPasswordPage, access: 'signedOut' },
  'signup-confirmation': { Page: pages.SignUpConfirmationPage, access: 'public' },
  verify: { Page: pages.VerifyPage, access: 'public' },
  'account-setup': { Page: pages.AccountSetupPage, access: 'public' },
  'auth-callback': { Page: pages.CallbackPage, access: 'public' },
  callback: { Page: pages.CallbackPage, access: 'public' },
  signout: { Page: pages.SignOutPage, access: 'public' },
  profile: { Page: pages.ProfilePage, access: 'signedIn', minRole: 'owner' },
  dashboard: { Page: pages.DashboardPage, access: 'signedIn' },
  'manage-account': { Page: pages.ManageAccountPage, access: 'signedIn', minRole: 'owner' },
  pricing: { Page: pages.PricingPage, access: 'public' },
  team: { Page: pages.TeamPage, access: 'signedIn', minRole: 'owner' },
};

export function SellerArea() {
  const { pathname } = useLocation();
  // The seller area is an installable app (its manifest and offline shell); customer pages are not. A
  // lazy import: a module both areas imported would be one more file named in the entry chunk.
  useEffect(() => void import('./seller-app/install-seller-app').then((m) => m.installSellerApp()), []);
  const path = SELLER_PATHS.find((p) => pathname.replace(/^\/|\/$/g, '') === p);
  if (!path) return <NotFoundPage />;
  const { Page, access, minRole } = PAGES[path];
  if (access === 'signedOut') return <SignedOutOnly>{<Page />}</SignedOutOnly>;
  if (access === 'signedIn') return <RequireSeller minRole={minRole}>{<Page />}</RequireSeller>;
  return <Page />;
}
