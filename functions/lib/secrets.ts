/**
 * Secrets read at run time from Secrets Manager, by the name or ARN the function's environment gives
 * (`*_SECRET_ID`): no secret value is ever in a function's configuration. Powertools Parameters'
 * SecretsProvider keeps each value for SECRET_MAX_AGE_SECONDS, so a warm function asks Secrets Manager
 * about once per secret per five minutes, and a rotated secret is in use everywhere within that time
 * (Stripe keeps a rolled key or webhook secret valid far longer). Locally SECRETSMANAGER_ENDPOINT points
 * the client at the stand-in, which checks the function's own IAM policy as AWS does.
 *
 * A secret that cannot be read (no grant, no such secret, Secrets Manager unreachable) is logged with
 * the variable that names it and the service's error, and the request answers 503 with the generic
 * message: the caller learns nothing about the secret. A failure is not cached: the next call retries.
 */
import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { serverErrors } from '#shared/texts/errors';
import { awsEnv, captchaEnv, pagingEnv, secretsManagerEnv, stripeEnv, stripeWebhookEnv } from './env';
import { serviceUnavailable } from './http-error';
import { logger } from './logger';

/** How long a value read is used before it is read again (Powertools' default is 5 s). */
export const SECRET_MAX_AGE_SECONDS = 300;

/** Paging tokens are sealed with a key derived from this secret: a short one would be guessable. */
const PAGING_SECRET_MIN_LENGTH = 16;

let provider: SecretsProvider | undefined;

/** One Secrets Manager client for the process, made at the first read (not at import). */
function secretsProvider(): SecretsProvider {
  if (!provider) {
    const { AWS_REGION } = awsEnv();
    const { SECRETSMANAGER_ENDPOINT } = secretsManagerEnv();
    const client = new SecretsManagerClient({
      region: AWS_REGION,
      ...(SECRETSMANAGER_ENDPOINT && { endpoint: SECRETSMANAGER_ENDPOINT }),
    });
    provider = new SecretsProvider({ awsSdkV3Client: client });
  }
  return provider;
}

/** The SDK's error behind Powertools' GetParameterError: its name says why (AccessDeniedException...). */
const causeOf = (error: unknown): unknown =>
  error instanceof Error && error.cause instanceof Error ? error.cause : error;

/**
 * The text value of the secret `secretId`, which the environment variable `variable` names (for the
 * logs: an ARN alone does not say what the secret is for).
 */
export async function readSecret(
  variable: string,
  secretId: string,
  options: { minLength?: number } = {},
): Promise<string> {
  let value: unknown;
  try {
    value = await secretsProvider().get(secretId, { maxAge: SECRET_MAX_AGE_SECONDS });
  } catch (error) {
    logger.error('secret unreadable', { variable, secretId, error: causeOf(error) });
    throw serviceUnavailable(serverErrors.serviceUnavailable);
  }
  // A binary secret, or a text one too short to be what we stored, is a set-up mistake: say which.
  if (typeof value !== 'string' || value.length < (options.minLength ?? 1)) {
    const problem = typeof value === 'string' ? `shorter than ${options.minLength ?? 1}` : 'not text';
    logger.error('secret unusable', { variable, secretId, problem });
    throw serviceUnavailable(serverErrors.serviceUnavailable);
  }
  return value;
}

// Async functions, so a missing or malformed variable is a rejection like any other failure.

/** The reCAPTCHA secret key, for siteverify. */
export async function captchaSecret(): Promise<string> {
  return readSecret('CAPTCHA_SECRET_ID', captchaEnv().CAPTCHA_SECRET_ID);
}

/** The Stripe secret key the API client signs in with. */
export async function stripeSecretKey(): Promise<string> {
  return readSecret('STRIPE_SECRET_KEY_SECRET_ID', stripeEnv().STRIPE_SECRET_KEY_SECRET_ID);
}

/** The key paging tokens are sealed with. */
export async function pagingTokenSecret(): Promise<string> {
  return readSecret('PAGING_TOKEN_SECRET_ID', pagingEnv().PAGING_TOKEN_SECRET_ID, {
    minLength: PAGING_SECRET_MIN_LENGTH,
  });
}

/** The webhook endpoints' signing secrets: the platform one, and the Connect one when configured. */
export async function stripeWebhookSecrets(): Promise<{ platform: string; connect: string | undefined }> {
  const { STRIPE_WEBHOOK_SECRET_ID, STRIPE_CONNECT_WEBHOOK_SECRET_ID } = stripeWebhookEnv();
  const [platform, connect] = await Promise.all([
    readSecret('STRIPE_WEBHOOK_SECRET_ID', STRIPE_WEBHOOK_SECRET_ID),
    STRIPE_CONNECT_WEBHOOK_SECRET_ID === undefined
      ? undefined
      : readSecret('STRIPE_CONNECT_WEBHOOK_SECRET_ID', STRIPE_CONNECT_WEBHOOK_SECRET_ID),
  ]);
  return { platform, connect };
}
