/**
 * Texts of the sign-up, sign-in, reset, verify, setup, callback and sign-out screens. Quoted texts of
 * the account document letter for letter; "ours" where the spec shows none. Errors: shared/texts/errors.ts,
 * except the sign-in flow's own (lib/auth/sign-in-errors.ts); the password fields' labels are
 * the form field's (components/password-field-texts.ts).
 */
import { passwordFieldTexts } from '../../components/password-field-texts';

export const authTexts = {
  ...passwordFieldTexts,
  signUpTitle: 'Create Your Account', // ours
  signUpTagline: 'Save your customers from their selfies.', // ours, after the spec's description
  fullName: 'Full name', // ours
  email: 'Email address', // ours
  inviteCode: 'Invitation code', // ours
  createAccount: 'Create Account', // ours
  creatingAccount: 'Creating account…', // ours
  haveAccount: 'Already have an account?', // ours
  signIn: 'Sign In',
  signingIn: 'Signing in…', // ours
  signInTitle: 'Sign In',
  noAccount: 'Need an account?', // ours
  signUp: 'Sign Up',
  forgotPassword: 'Forgot password?',
  sendResetCode: 'Send Reset Code',
  completeReset: 'Complete Reset',
  resetCode: 'Reset code', // ours
  cancel: 'Cancel',
  sending: 'Sending…', // ours
  resetRequestIntro: 'Enter your email address and we will send you a code to reset your password.', // ours
  resetCompleteIntro: 'Enter the code from the email and choose a new password.', // ours
  verifyEmailTitle: 'Verify Your Email',
  verifyEmailSent: (email: string) => `We have sent a verification link to ${email}.`, // ours
  verifyEmailAdvice: (support: string) =>
    `Open the link to activate your account. If the email does not arrive, check your spam folder or contact ${support}.`, // ours
  goToSignIn: 'Go to Sign In',
  resetTitle: 'Reset Password', // ours
  resetRequestDone: 'If an account exists for this email address, we have sent a reset code.', // ours
  resetDone: 'Your password has been reset. Taking you to sign in…', // ours
  resetSubmit: 'Reset Password', // ours
  verifyingTitle: 'Verifying Your Email', // ours
  verifying: 'Checking your verification link…', // ours
  verifiedTitle: 'Email Verified', // ours
  verifiedText: 'Your email address is verified. You can now sign in.', // ours
  verifyFailedTitle: 'Verification Failed',
  goToSignUp: 'Go to Sign Up', // ours
  setupTitle: 'Set Up Your Account', // ours
  setupChecking: 'Checking your link…', // ours
  setupIntro: 'Choose a password for your account.', // ours
  setPassword: 'Set Password', // ours
  setupDone: 'Your password is set. Taking you to sign in…', // ours
  invalidLinkTitle: 'Invalid Link',
  invalidLinkText: 'This account setup link is incomplete. Please use the link from your email.', // ours
  completingSignIn: 'Completing Sign In',
  authenticationError: 'Authentication Error',
  returnToSignIn: 'Return to Sign In',
  signedOutTitle: 'You have signed out',
  redirectIn: (seconds: number) =>
    `Taking you to the home page in ${seconds} second${seconds === 1 ? '' : 's'}.`, // ours
  goToHomePage: 'Go to Home Page',
  // The hosted sign-in on /signin (ours). The button's name avoids the words "sign in" so that
  // 'Sign In' names one button on the page, also for tools that match names by substring.
  otherWaysTitle: 'Other ways to sign in', // ours
  hostedSignInHint: 'Our sign-in page opens in this tab and brings you back to where you were going.', // ours
  hostedSignIn: 'Continue with the Sign-In Page', // ours
  hostedSignInStarting: 'Opening the sign-in page…', // ours
  // The new-password step of an administrator-created account on /signin (ours).
  newPasswordTitle: 'Choose a New Password', // ours
  newPasswordIntro:
    'Your account was set up with a temporary password. Choose your own password to finish signing in.', // ours
  newPasswordSubmit: 'Save Password and Continue', // ours
  savingPassword: 'Saving…', // ours
  // Asking for a new verification link (/verify's error state, /signup-confirmation, /signin) (ours).
  resendPrompt: 'Link expired, or no email? We can send you a new one.', // ours
  resendVerification: 'Send a New Verification Link', // ours
  resendSent: (email: string) =>
    `If ${email} is waiting for verification, a new link is on its way. It can take a few minutes to arrive; please check your spam folder too.`, // ours
} as const;
