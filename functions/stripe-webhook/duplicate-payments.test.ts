/**
 * Unit test of the one refund of a payment the order does not keep, with Stripe and the orders table
 * replaced: on the seller's account with our fee back, or on the platform without one; one idempotency
 * key per payment intent; a payment refunded before (already refunded, or the key used by an earlier
 * delivery) is not an error; a payment that could not deliver is counted for the alarm, a duplicate not.
 * (Through the stand-ins: test/security/S31, S34-S36.)
 */
import StripeSdk from 'stripe';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { countMetric } from '../lib/metrics';
import { METRIC } from '#shared/platform/metric-names';
import type * as Metrics from '../lib/metrics';
import { recordDuplicateRefund } from '../domains/orders/order-store';
import { stripe } from '../lib/stripe';
import { refundDuplicatePayment } from './duplicate-payments';

vi.mock('../lib/metrics', async (importOriginal) => ({
  ...(await importOriginal<typeof Metrics>()),
  countMetric: vi.fn(),
}));
vi.mock('../domains/orders/order-store', () => ({ recordDuplicateRefund: vi.fn() }));
vi.mock('../lib/stripe', () => ({ stripe: vi.fn() }));

const client = {
  refunds: { create: vi.fn(), list: vi.fn() },
  errors: StripeSdk.errors,
};

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(stripe).mockResolvedValue(client as unknown as StripeSdk);
  client.refunds.create.mockResolvedValue({ id: 're_1' });
});

const payment = {
  orderId: 'order-1',
  checkoutSessionId: 'cs_1',
  paymentIntentId: 'pi_1',
  account: 'acct_seller',
  why: 'not the order’s current checkout session',
};

describe('refundDuplicatePayment', () => {
  it('notes the payment on the order, then refunds it in full on the seller’s account with our fee', async () => {
    await refundDuplicatePayment(payment);
    expect(recordDuplicateRefund).toHaveBeenCalledWith('order-1', 'pi_1');
    expect(vi.mocked(recordDuplicateRefund).mock.invocationCallOrder[0]).toBeLessThan(
      client.refunds.create.mock.invocationCallOrder[0]!,
    );
    expect(client.refunds.create).toHaveBeenCalledWith(
      expect.objectContaining({ payment_intent: 'pi_1', refund_application_fee: true, reason: 'duplicate' }),
      { stripeAccount: 'acct_seller', idempotencyKey: 'duplicate-payment-refund:pi_1' },
    );
    expect(countMetric).not.toHaveBeenCalled();
  });

  it('refunds a platform payment on the platform, without a fee to return, and counts it', async () => {
    await refundDuplicatePayment({
      ...payment,
      orderId: undefined,
      account: undefined,
      stripeReason: 'none',
      undelivered: true,
    });
    const [params, options] = client.refunds.create.mock.calls[0]!;
    expect(params).not.toHaveProperty('refund_application_fee');
    expect(params).not.toHaveProperty('reason');
    expect(options).toEqual({ idempotencyKey: 'duplicate-payment-refund:pi_1' });
    expect(recordDuplicateRefund).not.toHaveBeenCalled();
    expect(countMetric).toHaveBeenCalledWith(METRIC.undeliveredPaymentsRefunded);
  });

  it('takes “already refunded” and a key used by an earlier delivery with a refund to show as done', async () => {
    client.refunds.create.mockRejectedValueOnce(
      new StripeSdk.errors.StripeInvalidRequestError({ code: 'charge_already_refunded', message: 'x' }),
    );
    await expect(refundDuplicatePayment(payment)).resolves.toBeUndefined();
    client.refunds.create.mockRejectedValueOnce(
      new StripeSdk.errors.StripeIdempotencyError({ message: 'x' }),
    );
    client.refunds.list.mockResolvedValueOnce({ data: [{ id: 're_1' }] });
    await expect(refundDuplicatePayment(payment)).resolves.toBeUndefined();
    expect(client.refunds.list).toHaveBeenCalledWith(
      { payment_intent: 'pi_1', limit: 1 },
      { stripeAccount: 'acct_seller' },
    );
  });

  it('fails (so Stripe retries) when the refund was not made', async () => {
    client.refunds.create.mockRejectedValueOnce(
      new StripeSdk.errors.StripeIdempotencyError({ message: 'x' }),
    );
    client.refunds.list.mockResolvedValueOnce({ data: [] });
    await expect(refundDuplicatePayment(payment)).rejects.toThrow();
    client.refunds.create.mockRejectedValueOnce(new StripeSdk.errors.StripeAPIError({ message: 'down' }));
    await expect(refundDuplicatePayment(payment)).rejects.toThrow('down');
  });
});
