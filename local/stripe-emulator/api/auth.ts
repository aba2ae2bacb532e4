/** Secret-key authentication as Stripe does it: Bearer (what the SDK sends) or Basic with the key as user name. */
import type { IncomingHttpHeaders } from 'node:http';
import { StripeApiError, authenticationFailed } from '../errors';

const NO_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";

const presentedKey = (authorization: string | undefined): string | undefined => {
  if (authorization === undefined) return undefined;
  const [scheme, value = ''] = authorization.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() === 'bearer') return value;
  if (scheme?.toLowerCase() === 'basic') return Buffer.from(value, 'base64').toString('utf8').split(':')[0];
  return undefined;
};

/**
 * Stripe shows a key's mode prefix and last few characters only: `sk_test_****wxyz` (four for a wrong
 * key; its account-access errors show six).
 */
const redact = (key: string, visible = 4) => {
  const prefix = /^[a-z]{2}_(test|live)_/.exec(key)?.[0] ?? '';
  const hidden = key.slice(prefix.length, -visible);
  return hidden.length === 0
    ? '*'.repeat(key.length)
    : `${prefix}${'*'.repeat(hidden.length)}${key.slice(-visible)}`;
};

/** Stripe's answer for an account that does not exist or is not connected to the platform. */
export const noAccessToAccount = (secretKey: string, account: string): StripeApiError =>
  new StripeApiError(
    403,
    'invalid_request_error',
    `The provided key '${redact(secretKey, 6)}' does not have access to account '${account}' (or that account does not exist). Application access may have been revoked.`,
    'account_invalid',
  );

export const authenticate = (headers: IncomingHttpHeaders, secretKey: string): void => {
  const key = presentedKey(headers.authorization);
  if (key === undefined || key === '') throw authenticationFailed(NO_KEY);
  if (key.startsWith('pk_')) {
    throw new StripeApiError(
      401,
      'invalid_request_error',
      'This API call cannot be made with a publishable API key. Please use a secret API key.',
    );
  }
  if (key !== secretKey) throw authenticationFailed(`Invalid API Key provided: ${redact(key)}`);
};
