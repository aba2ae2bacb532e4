/**
 * Runs Stripe calls of a request: a Stripe failure (down, slow, or refusing our request) is a 503 with a
 * message the screen can show and a log line, never a 500 with nothing said, and never a request that
 * outlives its function (API Gateway would answer a 5xx of its own): `StripeDeadline` gives each call a
 * timeout and retries that fit in what is left of the request's time.
 */
import type Stripe from 'stripe';
import { paymentServerErrors } from '#shared/texts/payment-errors';
import { HttpError, serviceUnavailable } from './http-error';
import { logger } from './logger';

export async function stripeCall<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    logger.error(`stripe call failed: ${what}`, { error });
    throw serviceUnavailable(paymentServerErrors.stripeUnavailable);
  }
}

/** One attempt never waits longer than this: Stripe answers in well under a second when it is well. */
const ATTEMPT_TIMEOUT_MS = 6_000;
/** Less than this left is not worth a call: answer 503 at once. */
const MIN_CALL_MS = 1_500;

/**
 * The time a request's Stripe calls may take together: within the function's timeout (25 s for the
 * Stripe functions) with room for its other work. Each call gets the request options that keep it,
 * with the SDK's retries (same idempotency key), inside what is left.
 */
export class StripeDeadline {
  private readonly endsAt: number;

  constructor(budgetMs: number, now = Date.now()) {
    this.endsAt = now + budgetMs;
  }

  options(extra: Stripe.RequestOptions = {}, now = Date.now()): Stripe.RequestOptions {
    const left = this.endsAt - now;
    if (left < MIN_CALL_MS) {
      logger.error('no time left for another Stripe call');
      throw serviceUnavailable(paymentServerErrors.stripeUnavailable);
    }
    const attempts = left >= 2 * ATTEMPT_TIMEOUT_MS + 1_000 ? 2 : 1;
    const timeout = Math.min(ATTEMPT_TIMEOUT_MS, Math.floor(left / attempts) - 500);
    return { ...extra, timeout, maxNetworkRetries: attempts - 1 };
  }
}

/** What a request answering a person may spend on Stripe (the functions allow 25 s in all). */
export const REQUEST_STRIPE_BUDGET_MS = 18_000;
