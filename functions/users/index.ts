/** The users Lambda: seller sign-up, profile, verification, password reset, account setup and the team. */
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
  listMembers: () => import('./list-members'),
  teamDirectory: () => import('./team-directory'),
  inviteMember: () => import('./invite-member'),
  changeMemberRole: () => import('./change-member-role'),
  removeMember: () => import('./remove-member'),
});
