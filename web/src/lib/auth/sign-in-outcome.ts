/**
 * What a password sign-in can lead to, for the sign-in screen. A module of its own, free of Amplify,
 * so the screen can name these without loading the sign-in library before it needs it.
 */
import { signInFlowErrors } from './sign-in-errors';

/**
 * `newPasswordRequired`: an administrator created the account with a temporary password, and Cognito
 * wants a new one before it issues tokens. `emailNotVerified`: the password was right, but the email
 * address has not been confirmed from its link yet.
 */
export type SignInOutcome = 'signedIn' | 'newPasswordRequired' | 'emailNotVerified';

/** The new-password step outlived its Cognito session (3 minutes): the seller must sign in again. */
export class SignInSessionExpiredError extends Error {
  override readonly name = 'SignInSessionExpiredError';
  constructor() {
    super(signInFlowErrors.sessionExpired);
  }
}
