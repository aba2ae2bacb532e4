import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { PLANS } from '#shared/rules/plans';
import { snapshotOf } from './subscription-events';

const subscription = (overrides: Partial<Stripe.Subscription> = {}, lookupKey: string | null = null) =>
  ({
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'trialing',
    start_date: 1_000,
    trial_end: 2_000,
    cancel_at_period_end: false,
    metadata: { userId: 'user-1' },
    items: {
      object: 'list',
      data: [{ price: { lookup_key: lookupKey }, current_period_start: 1_000, current_period_end: 2_000 }],
    },
    ...overrides,
  }) as unknown as Stripe.Subscription;

describe('snapshotOf', () => {
  it("reads the plan from the price's lookup key, so portal switches are understood", () => {
    const snapshot = snapshotOf(
      subscription({ metadata: { userId: 'user-1', plan: 'basic' } }, PLANS.advanced.lookupKey),
      1_500,
    );
    expect(snapshot).toEqual({
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      status: 'trialing',
      plan: 'advanced',
      startDate: 1_000,
      currentPeriodStart: 1_000,
      currentPeriodEnd: 2_000,
      trialEnd: 2_000,
      cancelAtPeriodEnd: false,
      eventCreated: 1_500,
    });
  });

  it('falls back to the metadata plan, and knows no plan for anything else', () => {
    expect(snapshotOf(subscription({ metadata: { plan: 'basic' } }), 1)?.plan).toBe('basic');
    expect(snapshotOf(subscription({ metadata: { plan: 'gold' } }), 1)?.plan).toBeUndefined();
  });

  it('refuses a status it does not know', () => {
    expect(snapshotOf(subscription({ status: 'mystery' as Stripe.Subscription.Status }), 1)).toBeUndefined();
  });
});
