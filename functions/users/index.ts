/** The users Lambda: seller sign-up, profile, verification, password reset and account setup. */
import { groupHandler } from '../lib/http';

export const handler = groupHandler('users', {
  signUp: () => import('./sign-up'),
  currentUser: () => import('./current-user'),
  updateProfile: () => import('./update-profile'),
  requestPasswordReset: () => import('./request-password-reset'),
  confirmPasswordReset: () => import('./confirm-password-reset'),
  verifyEmail: () => import('./verify-email'),
  resendVerification: () => import('./resend-verification'),
  setPassword: () => import('./set-password'),
});
