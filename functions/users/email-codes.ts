/**
 * The calls that email a code (password reset request, new verification link) or check one (reset
 * confirmation, email verification). Each first passes the human check, so nobody can make us mail an
 * inbox on demand (S24), and each answers alike whether or not the address has an account (S26):
 *
 * - Cognito with PreventUserExistenceErrors answers an unknown address with a pretend delivery (reset,
 *   resend) or a code error (confirmations), as the local stand-in does too; a client without that
 *   setting would answer UserNotFoundException, mapped to the known address's answer all the same.
 * - What only an existing account can meet is mapped the same way: an address already verified
 *   (resend: InvalidParameterException; verify: NotAuthorizedException), one with no verified address
 *   to reset, an administrator-created one (NotAuthorizedException), and Cognito's per-account attempt
 *   limits (LimitExceededException, TooManyFailedAttemptsException), which an unknown address never
 *   reaches. Only the request rate limit that applies to everyone (TooManyRequestsException) is a 429.
 * - The two mailing calls answer no sooner than a fixed floor: an email is sent only for a known address.
 *
 * Each takes the user pool it talks to (the real one by default), so unit tests pass a plain fake.
 */
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { userServerErrors, verifyErrors } from '#shared/texts/errors';
import type { RouteBody, RouteResponse } from '#shared/contract/routes';
import { userPool, type UserPool } from '../lib/cognito';
import { badRequest } from '../lib/http-error';
import { logger } from '../lib/logger';
import { CODE_MAIL_ANSWER_FLOOR_MS, settleNoSoonerThan } from './answer-timing';
import { cognitoErrorName, fromCognitoError } from './cognito-errors';
import { checkHuman } from './human-check';

/** Cognito errors that only say something about the account behind the address (see above). */
const SAYS_WHO_HAS_AN_ACCOUNT = new Set([
  'UserNotFoundException',
  'InvalidParameterException',
  'NotAuthorizedException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
  'AliasExistsException',
  'LimitExceededException',
  'TooManyFailedAttemptsException',
]);
/** A code that is wrong, spent or expired: the same answer as for an unknown address. */
const WRONG_CODE = new Set(['CodeMismatchException', 'ExpiredCodeException', ...SAYS_WHO_HAS_AN_ACCOUNT]);

const hidesAccount = (error: unknown) => SAYS_WHO_HAS_AN_ACCOUNT.has(cognitoErrorName(error));

/**
 * Sends a code email through Cognito if the address has an account, and settles alike either way; an
 * error that would tell is logged (it may be a seller's lockout worth seeing) and not answered.
 */
async function mailCodeIfKnown(send: () => Promise<unknown>, fallback: string): Promise<void> {
  await settleNoSoonerThan(CODE_MAIL_ANSWER_FLOOR_MS, async () => {
    try {
      await send();
    } catch (error) {
      if (!hidesAccount(error)) throw fromCognitoError(error, fallback);
      logger.info('Code email not sent', { reason: cognitoErrorName(error) });
    }
  });
}

/** Checks an emailed code; a wrong one and an unknown address get the same 400. */
async function checkCode(confirm: () => Promise<unknown>, fallback: string): Promise<void> {
  try {
    await confirm();
  } catch (error) {
    if (WRONG_CODE.has(cognitoErrorName(error))) throw badRequest(userServerErrors.invalidCode);
    throw fromCognitoError(error, fallback);
  }
}

export async function requestPasswordReset(
  body: RouteBody<'requestPasswordReset'>,
  sourceIp?: string,
  pool: Pick<UserPool, 'forgotPassword'> = userPool,
): Promise<RouteResponse<'requestPasswordReset'>> {
  await checkHuman(body.captchaToken, CAPTCHA_ACTIONS.requestPasswordReset, sourceIp);
  await mailCodeIfKnown(() => pool.forgotPassword(body.email), userServerErrors.tooManyAttempts);
  return { message: userServerErrors.resetRequested };
}

export async function confirmPasswordReset(
  body: RouteBody<'confirmPasswordReset'>,
  sourceIp?: string,
  pool: Pick<UserPool, 'confirmForgotPassword'> = userPool,
): Promise<RouteResponse<'confirmPasswordReset'>> {
  await checkHuman(body.captchaToken, CAPTCHA_ACTIONS.confirmPasswordReset, sourceIp);
  await checkCode(
    () => pool.confirmForgotPassword(body.email, body.code, body.newPassword),
    userServerErrors.tooManyAttempts,
  );
  return { message: userServerErrors.passwordReset };
}

export async function verifyEmail(
  body: RouteBody<'verifyEmail'>,
  sourceIp?: string,
  pool: Pick<UserPool, 'confirmSignUp'> = userPool,
): Promise<RouteResponse<'verifyEmail'>> {
  await checkHuman(body.captchaToken, CAPTCHA_ACTIONS.verifyEmail, sourceIp);
  // An address verified already reads like a wrong code too: a second visit of a used link says the
  // link is spent, which is true, and not that the address has an account.
  await checkCode(() => pool.confirmSignUp(body.email, body.code), verifyErrors.verifyFailed);
  return { success: true };
}

export async function resendVerification(
  body: RouteBody<'resendVerification'>,
  sourceIp?: string,
  pool: Pick<UserPool, 'resendConfirmationCode'> = userPool,
): Promise<RouteResponse<'resendVerification'>> {
  await checkHuman(body.captchaToken, CAPTCHA_ACTIONS.resendVerification, sourceIp);
  await mailCodeIfKnown(() => pool.resendConfirmationCode(body.email), verifyErrors.resendFailed);
  return { message: userServerErrors.verificationResent };
}
