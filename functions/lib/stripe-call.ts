/**
 * Runs Stripe calls of a seller request: a Stripe failure (down, or refusing our request) is a 503
 * with a message the screen can show and a log line, never a 500 with nothing said.
 */
import { paymentServerErrors } from '../../shared/payment-errors';
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
