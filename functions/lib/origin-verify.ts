/**
 * The API answers only requests that came through CloudFront: CloudFront adds the origin-verify header
 * (shared/platform/origin-verify-header.ts) with a secret value to every request it sends the API, and this
 * middleware refuses any request without that value, 403 before anything else runs. The value is read
 * at run time from Secrets Manager (secrets.ts), never from the environment, and compared in constant time.
 * Stripe's webhook reaches the API through CloudFront too (its URL is the site's), so it carries the header.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import { serverErrors } from '#shared/texts/errors';
import { ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_SECRET_VARIABLE } from '#shared/platform/origin-verify-header';
import { originVerifyEnv } from './env';
import { HttpError } from './http-error';
import { logger } from './logger';
import { readSecret } from './secrets';
import type { HttpEvent, HttpResult } from './http';

/** What a caller that went around the site is told. */
export const ORIGIN_REFUSED_MESSAGE = serverErrors.originRefused;

/** The generated value has 48 characters; anything much shorter is a set-up mistake. */
const ORIGIN_SECRET_MIN_LENGTH = 16;

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether `sent` is the secret, in time independent of where they differ: both are hashed first, so the
 * comparison is between equal lengths and even the secret's length does not show.
 */
export function sameSecret(sent: string | undefined, secret: string): boolean {
  if (sent === undefined) return false;
  return timingSafeEqual(digest(sent), digest(secret));
}

async function originSecret(): Promise<string> {
  return readSecret(ORIGIN_VERIFY_SECRET_VARIABLE, originVerifyEnv().ORIGIN_VERIFY_SECRET_ID, {
    minLength: ORIGIN_SECRET_MIN_LENGTH,
  });
}

const jsonAnswer = (statusCode: number, message: string): HttpResult => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  body: JSON.stringify({ message }),
});

/** Returns an answer (403, or 503 when the secret cannot be read), which ends the request, or nothing. */
export const originVerify = (): MiddlewareObj<HttpEvent, HttpResult> => ({
  before: async (request) => {
    let secret: string;
    try {
      secret = await originSecret();
    } catch (error) {
      // readSecret has logged why; the caller gets the generic answer.
      if (error instanceof HttpError) return jsonAnswer(error.statusCode, error.message);
      throw error;
    }
    const sent = request.event.headers?.[ORIGIN_VERIFY_HEADER];
    if (sameSecret(sent, secret)) return undefined;
    logger.warn('request refused: not through CloudFront', {
      routeKey: request.event.routeKey,
      header: sent === undefined ? 'missing' : 'wrong',
    });
    return jsonAnswer(403, ORIGIN_REFUSED_MESSAGE);
  },
});
