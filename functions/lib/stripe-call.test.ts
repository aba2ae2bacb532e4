import { describe, expect, it } from 'vitest';
import { paymentServerErrors } from '#shared/texts/payment-errors';
import { HttpError } from './http-error';
import { StripeDeadline, stripeCall } from './stripe-call';

describe('stripeCall', () => {
  it('turns any Stripe failure into a 503 with the payment provider message', async () => {
    const failed = await stripeCall('test', () => Promise.reject(new Error('socket hang up'))).catch(
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(HttpError);
    expect(failed).toMatchObject({ statusCode: 503, message: paymentServerErrors.stripeUnavailable });
  });

  it('lets our own HTTP errors through unchanged', async () => {
    const own = new HttpError(409, 'seller cannot accept payments');
    await expect(stripeCall('test', () => Promise.reject(own))).rejects.toBe(own);
  });
});

describe('StripeDeadline', () => {
  const start = 1_000_000;

  it('gives a call a retry while there is time for two attempts, keeping the other options', () => {
    const deadline = new StripeDeadline(18_000, start);
    expect(deadline.options({ stripeAccount: 'acct_1' }, start)).toEqual({
      stripeAccount: 'acct_1',
      timeout: 6_000,
      maxNetworkRetries: 1,
    });
  });

  it('shortens and stops retrying as the time runs out, then refuses with a 503', () => {
    const deadline = new StripeDeadline(18_000, start);
    expect(deadline.options({}, start + 10_000)).toEqual({ timeout: 6_000, maxNetworkRetries: 0 });
    expect(deadline.options({}, start + 15_000)).toEqual({ timeout: 2_500, maxNetworkRetries: 0 });
    expect(() => deadline.options({}, start + 17_000)).toThrow(paymentServerErrors.stripeUnavailable);
  });
});
