/**
 * Unit test of the second subscription's cancellation, with Stripe replaced: only a live subscription
 * beside another live one is extra; it is cancelled when the one on record is live in Stripe (and not
 * when Stripe says that one ended), its paid invoices refunded once per payment intent, nothing refunded
 * in a free trial. (Through the stand-ins: test/security/S37.)
 */
import StripeSdk from 'stripe';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionSnapshot } from '#shared/rules/subscription';
import { countMetric } from '../lib/metrics';
import { METRIC } from '#shared/platform/metric-names';
import type * as Metrics from '../lib/metrics';
import { stripe } from '../lib/stripe';
import { cancelExtraSubscription, isExtraSubscription } from './extra-subscriptions';

vi.mock('../lib/metrics', async (importOriginal) => ({
  ...(await importOriginal<typeof Metrics>()),
  countMetric: vi.fn(),
}));
vi.mock('../lib/stripe', () => ({ stripe: vi.fn() }));

const now = Math.floor(Date.now() / 1000);
const subscriptions: Record<string, { id: string; status: string; trial_end: number | null }> = {};
const client = {
  subscriptions: {
    retrieve: vi.fn((id: string) => Promise.resolve(subscriptions[id])),
    cancel: vi.fn(),
  },
  invoices: { list: vi.fn() },
  invoicePayments: { list: vi.fn() },
  refunds: { create: vi.fn() },
  errors: StripeSdk.errors,
};

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(stripe).mockResolvedValue(client as unknown as StripeSdk);
  subscriptions.sub_kept = { id: 'sub_kept', status: 'trialing', trial_end: now + 86_400 };
  subscriptions.sub_extra = { id: 'sub_extra', status: 'active', trial_end: null };
  client.invoices.list.mockResolvedValue({ data: [{ id: 'in_1' }] });
  client.invoicePayments.list.mockResolvedValue({
    data: [{ status: 'paid', payment: { type: 'payment_intent', payment_intent: 'pi_sub' } }],
  });
  client.refunds.create.mockResolvedValue({ id: 're_1' });
});

const snapshot = (subscriptionId: string, status: SubscriptionSnapshot['status']) =>
  ({ subscriptionId, status }) as SubscriptionSnapshot;
const extra = { id: 'sub_extra', metadata: { userId: 'seller-1' } } as unknown as StripeSdk.Subscription;

describe('isExtraSubscription', () => {
  it('is a live subscription beside another live one on record', () => {
    const stored = { stripeSubscriptionId: 'sub_kept', subscriptionStatus: 'trialing' };
    expect(isExtraSubscription(stored, snapshot('sub_extra', 'active'))).toBe(true);
    expect(isExtraSubscription(stored, snapshot('sub_kept', 'active'))).toBe(false);
    expect(isExtraSubscription(stored, snapshot('sub_extra', 'canceled'))).toBe(false);
    expect(
      isExtraSubscription({ ...stored, subscriptionStatus: 'canceled' }, snapshot('sub_extra', 'active')),
    ).toBe(false);
    expect(isExtraSubscription({}, snapshot('sub_extra', 'active'))).toBe(false);
  });
});

describe('cancelExtraSubscription', () => {
  it('cancels a paid second subscription and refunds its payment once, counting it', async () => {
    expect(await cancelExtraSubscription(extra, 'sub_kept')).toBe(true);
    expect(client.subscriptions.cancel).toHaveBeenCalledWith('sub_extra');
    expect(client.refunds.create).toHaveBeenCalledWith(
      expect.objectContaining({ payment_intent: 'pi_sub', reason: 'duplicate' }),
      { idempotencyKey: 'duplicate-payment-refund:pi_sub' },
    );
    expect(countMetric).toHaveBeenCalledWith(METRIC.extraSubscriptionsCancelled);
  });

  it('refunds nothing in a free trial, and does not cancel twice', async () => {
    subscriptions.sub_extra = { id: 'sub_extra', status: 'canceled', trial_end: now + 86_400 };
    expect(await cancelExtraSubscription(extra, 'sub_kept')).toBe(true);
    expect(client.subscriptions.cancel).not.toHaveBeenCalled();
    expect(client.invoices.list).not.toHaveBeenCalled();
    expect(client.refunds.create).not.toHaveBeenCalled();
  });

  it('keeps the new one when the subscription on record has ended in Stripe', async () => {
    subscriptions.sub_kept = { id: 'sub_kept', status: 'canceled', trial_end: null };
    expect(await cancelExtraSubscription(extra, 'sub_kept')).toBe(false);
    expect(client.subscriptions.cancel).not.toHaveBeenCalled();
    expect(countMetric).not.toHaveBeenCalled();
  });

  it('takes a payment refunded already as done', async () => {
    client.refunds.create.mockRejectedValueOnce(
      new StripeSdk.errors.StripeInvalidRequestError({ code: 'charge_already_refunded', message: 'x' }),
    );
    await expect(cancelExtraSubscription(extra, 'sub_kept')).resolves.toBe(true);
  });
});

describe('cancelExtraSubscription, cancelled by another event at the same moment', () => {
  it('takes Stripe’s refusal to cancel a cancelled subscription as done', async () => {
    client.subscriptions.cancel.mockImplementationOnce(() => {
      subscriptions.sub_extra = { id: 'sub_extra', status: 'canceled', trial_end: null };
      return Promise.reject(new StripeSdk.errors.StripeInvalidRequestError({ message: 'canceled' }));
    });
    await expect(cancelExtraSubscription(extra, 'sub_kept')).resolves.toBe(true);
  });
});
