/**
 * Cognito's exceptions as answers to the caller: the ones caused by the request become a 4xx with
 * our wording; anything else (Cognito down, throttled internally) stays a thrown error for a 503.
 * None of them says that an address has an account: the calls map those errors first (S26).
 */
import { userServerErrors } from '#shared/texts/errors';
import { HttpError, badRequest, serviceUnavailable } from '../lib/http-error';
import { logger } from '../lib/logger';

export const cognitoErrorName = (error: unknown): string =>
  error instanceof Error ? error.name : 'UnknownError';

const CLIENT_ERRORS: Record<string, () => HttpError> = {
  InvalidPasswordException: () => badRequest(userServerErrors.invalidPassword),
  CodeMismatchException: () => badRequest(userServerErrors.invalidCode),
  ExpiredCodeException: () => badRequest(userServerErrors.invalidCode),
  TooManyRequestsException: () => new HttpError(429, userServerErrors.tooManyAttempts),
  LimitExceededException: () => new HttpError(429, userServerErrors.tooManyAttempts),
  TooManyFailedAttemptsException: () => new HttpError(429, userServerErrors.tooManyAttempts),
  UserLambdaValidationException: () => new HttpError(403, userServerErrors.signUpNotAllowed),
};

/** The HTTP answer for a Cognito failure; `fallback` names it when it is not the caller's fault. */
export function fromCognitoError(error: unknown, fallback: string): HttpError {
  if (error instanceof HttpError) return error;
  const name = cognitoErrorName(error);
  const known = CLIENT_ERRORS[name];
  if (known) return known();
  logger.error('Cognito call failed', { name, error });
  return serviceUnavailable(fallback);
}
