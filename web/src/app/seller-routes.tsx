/** The account and seller pages, each its own lazily loaded chunk (Amplify comes with them only). */
import { lazy } from 'react';

export const SignUpPage = lazy(() =>
  import('../features/auth/signup-page').then((m) => ({ default: m.SignUpPage })),
);
export const SignUpConfirmationPage = lazy(() =>
  import('../features/auth/signup-confirmation-page').then((m) => ({ default: m.SignUpConfirmationPage })),
);
export const SignInPage = lazy(() =>
  import('../features/auth/signin-page').then((m) => ({ default: m.SignInPage })),
);
export const ResetPasswordPage = lazy(() =>
  import('../features/auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
export const VerifyPage = lazy(() =>
  import('../features/auth/verify-page').then((m) => ({ default: m.VerifyPage })),
);
export const AccountSetupPage = lazy(() =>
  import('../features/auth/account-setup-page').then((m) => ({ default: m.AccountSetupPage })),
);
export const CallbackPage = lazy(() =>
  import('../features/auth/callback-page').then((m) => ({ default: m.CallbackPage })),
);
export const SignOutPage = lazy(() =>
  import('../features/auth/signout-page').then((m) => ({ default: m.SignOutPage })),
);
export const ProfilePage = lazy(() =>
  import('../features/account/profile-page').then((m) => ({ default: m.ProfilePage })),
);
// The account pages with the payments feature's cards and panel composed in (payment-pages.tsx).
export const DashboardPage = lazy(() =>
  import('./payment-pages').then((m) => ({ default: m.DashboardWithPayments })),
);
export const ManageAccountPage = lazy(() =>
  import('./payment-pages').then((m) => ({ default: m.ManageAccountWithPayments })),
);
export const PricingPage = lazy(() =>
  import('../features/pricing/pricing-page').then((m) => ({ default: m.PricingPage })),
);
export const TeamPage = lazy(() =>
  import('../features/team/team-page').then((m) => ({ default: m.TeamPage })),
);
