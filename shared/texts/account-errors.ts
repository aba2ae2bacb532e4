/** Seller side (account document, section 8), letter for letter, and the users API's own messages. */
export const signUpErrors = {
  robotCheckFailed: 'Failed to verify that you are not a robot. Please try again.',
  createAccountFailed: 'Failed to create account',
  createUserFailed: 'Failed to create user',
  allRequired: 'All required fields must be filled out',
  nameTooShort: 'Name must be at least 2 characters long',
  passwordsMismatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters long',
  invalidEmail: 'Please enter a valid email address',
} as const;

export const signInErrors = {
  failed: 'Failed to sign in',
  unexpected: 'An unexpected error occurred',
  incomplete: 'Sign in incomplete - additional steps required',
  signInFailed: 'Sign in failed',
} as const;

export const resetErrors = {
  sendFailed: 'Failed to send password reset email',
  requestError: 'An error occurred while requesting password reset',
  resetFailed: 'Failed to reset password',
  resetError: 'An error occurred while resetting your password',
  requestFailed: 'Password reset request failed',
  confirmFailed: 'Password reset confirmation failed',
  emailRequired: 'Please enter your email address',
  codeRequired: 'Please enter the reset code',
  modalPasswordTooShort: 'Password must be at least 8 characters',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordsMismatch: 'Passwords do not match',
  complete: 'Password reset complete! You can now sign in with your new password.',
} as const;

export const verifyErrors = {
  failed: 'Verification failed. Please check your email for a new verification link.',
  invalidLink: 'Invalid verification link. Please check your email for the correct link.',
  emailVerificationFailed: 'Email verification failed',
  resendFailed: 'Failed to resend verification',
  verifyFailed: 'Failed to verify email',
  fallback: 'An unexpected error occurred. Please try again or contact support.',
  missingParams: 'Verification code or email is missing from the link.',
  title: 'Verification Failed',
} as const;

export const setupErrors = {
  failedRetry: 'Failed to set password. Please try again.',
  failed: 'Failed to set password',
  allFields: 'Please fill in all fields',
  passwordsMismatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters long',
} as const;

export const callbackErrors = {
  noCode: 'No authorization code received',
  failed: 'Authentication failed',
  error: (message: string) => `Authentication error: ${message}`,
  noToken: 'No authentication token received',
} as const;

export const profileErrors = {
  loadFailed: 'Failed to load user data',
  updateFailed: 'Failed to update profile',
  signInRequired: 'Please sign in to view your profile',
} as const;

export const accountErrors = {
  userNotFound: 'User not found. Please sign in again.',
  preparingDashboard: 'Preparing your Stripe dashboard link... please try again in a few seconds.',
  passwordsMismatch: 'New passwords do not match.',
  passwordChanged: 'Password changed successfully.',
  changePasswordFailed: 'Error changing password.',
} as const;

/** Messages of the users API (our own wording; the spec does not show them). */
export const userServerErrors = {
  inviteRefused: 'This invitation code is not valid or has already been used',
  signUpNotAllowed: 'Sign-up requires an invitation code',
  userNotFound: 'User not found',
  invalidCode: 'Invalid or expired code. Please request a new one.',
  invalidPassword: 'Password does not meet the requirements',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  invalidSetupLink: 'This account setup link is not valid or has already been used',
  resetRequested: 'If an account exists for this email address, a password reset code has been sent.',
  verificationResent: 'If this email address is waiting for verification, a new link has been sent.',
  passwordReset: 'Your password has been reset.',
  signUpDone: 'Account created. Check your email to verify your address.',
} as const;
