/**
 * Unit test of one plan checkout at a time, with the record and Stripe replaced: the same plan gets the
 * open session; another plan expires the open one first (found paid: 409, nothing made); a checkout
 * that lost the record to another one is expired and refused (409); keys change with each replacement.
 * (Through the stand-ins: test/security/S37.)
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentServerErrors } from '#shared/texts/payment-errors';
import { HttpError } from '../lib/http-error';
import { getPlanCheckout, recordPlanCheckout } from '../domains/billing/checkout-record-store';
import type { Stripe } from '../lib/stripe';
import { expireCheckoutSession, type StripeCalls } from '../domains/orders/stripe-checkout-sessions';
import { onePlanCheckout, planCheckoutKey } from './plan-checkout';

vi.mock('../domains/billing/checkout-record-store', () => ({
  getPlanCheckout: vi.fn(),
  recordPlanCheckout: vi.fn(),
}));
vi.mock('../domains/orders/stripe-checkout-sessions', () => ({ expireCheckoutSession: vi.fn() }));

const NOW = 1_800_000_000_000;
const calls = {} as StripeCalls;
const user = { userId: 'seller-1' };
const open = {
  sessionId: 'cs_basic',
  plan: 'basic',
  url: 'https://pay/cs_basic',
  expiresAtMs: NOW + 60_000,
  after: 'first',
};
const create = vi.fn((key: string) =>
  Promise.resolve({
    id: `cs_for_${key}`,
    url: `https://pay/${key}`,
    expires_at: NOW / 1000 + 86_400,
  } as Stripe.Checkout.Session),
);

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(recordPlanCheckout).mockResolvedValue(true);
  vi.mocked(expireCheckoutSession).mockResolvedValue('ended');
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof HttpError ? [error.statusCode, error.message] : error),
  );

describe('onePlanCheckout', () => {
  it('hands the open checkout of the same plan out again, making nothing', async () => {
    vi.mocked(getPlanCheckout).mockResolvedValue(open);
    expect(await onePlanCheckout(calls, user, 'basic', create, NOW)).toBe(open.url);
    expect(create).not.toHaveBeenCalled();
  });

  it('expires the open checkout of another plan before making the new one', async () => {
    vi.mocked(getPlanCheckout).mockResolvedValue(open);
    const url = await onePlanCheckout(calls, user, 'advanced', create, NOW);
    const key = planCheckoutKey(user, 'advanced', open);
    expect(url).toBe(`https://pay/${key}`);
    expect(key).toBe('subscription-checkout-seller-1-advanced-first-cs_basic');
    expect(expireCheckoutSession).toHaveBeenCalledWith(calls, 'cs_basic', undefined);
    expect(vi.mocked(expireCheckoutSession).mock.invocationCallOrder[0]).toBeLessThan(
      create.mock.invocationCallOrder[0]!,
    );
    expect(recordPlanCheckout).toHaveBeenCalledWith(
      'seller-1',
      'cs_basic',
      expect.objectContaining({ sessionId: `cs_for_${key}`, plan: 'advanced' }),
      NOW,
    );
  });

  it('refuses (409) when the open checkout was paid a moment ago, making nothing', async () => {
    vi.mocked(getPlanCheckout).mockResolvedValue(open);
    vi.mocked(expireCheckoutSession).mockResolvedValue('completed');
    expect(await refusal(onePlanCheckout(calls, user, 'advanced', create, NOW))).toEqual([
      409,
      paymentServerErrors.planCheckoutJustPaid,
    ]);
    expect(create).not.toHaveBeenCalled();
  });

  it('expires its own session and refuses (409) when another checkout was recorded meanwhile', async () => {
    vi.mocked(getPlanCheckout).mockResolvedValue(undefined);
    vi.mocked(recordPlanCheckout).mockResolvedValue(false);
    expect(await refusal(onePlanCheckout(calls, user, 'basic', create, NOW))).toEqual([
      409,
      paymentServerErrors.planCheckoutOpenedElsewhere,
    ]);
    const key = planCheckoutKey(user, 'basic', undefined);
    expect(expireCheckoutSession).toHaveBeenCalledWith(calls, `cs_for_${key}`, undefined);
  });

  it('makes a fresh session once the last one has ended, under a new key', async () => {
    vi.mocked(getPlanCheckout).mockResolvedValue({ ...open, expiresAtMs: NOW - 1 });
    await onePlanCheckout(calls, user, 'basic', create, NOW);
    expect(expireCheckoutSession).not.toHaveBeenCalled();
    expect(create).toHaveBeenCalledWith('subscription-checkout-seller-1-basic-first-cs_basic');
  });

  it('leaves a checkout made before the seller’s latest subscription alone (it was paid: that subscription)', async () => {
    vi.mocked(getPlanCheckout).mockResolvedValue(open);
    const resubscribing = { ...user, stripeSubscriptionId: 'sub_ended' };
    await onePlanCheckout(calls, resubscribing, 'basic', create, NOW);
    expect(expireCheckoutSession).not.toHaveBeenCalled();
    expect(create).toHaveBeenCalledWith('subscription-checkout-seller-1-basic-sub_ended-cs_basic');
    expect(recordPlanCheckout).toHaveBeenCalledWith(
      'seller-1',
      'cs_basic',
      expect.objectContaining({ after: 'sub_ended' }),
      NOW,
    );
  });
});
