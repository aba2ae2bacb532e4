import { signInErrors } from '#shared/texts/errors';

/** What a failed sign-in step shows: the error's own message (Cognito's are readable), else the spec's. */
export const signInMessage = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : signInErrors.unexpected;
