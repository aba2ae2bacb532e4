import { describe, expect, it } from 'vitest';
import { PLANS } from './plans';
import {
  entitlementsFor,
  shouldApplySnapshot,
  usagePeriodKey,
  type SubscriptionSnapshot,
} from './subscription';

const snapshot = (overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  plan: 'advanced',
  startDate: 1_000,
  currentPeriodStart: 1_000,
  currentPeriodEnd: 2_000,
  trialEnd: undefined,
  cancelAtPeriodEnd: false,
  eventCreated: 1_100,
  ...overrides,
});

const stored = (status: string, created: number, id = 'sub_1') => ({
  stripeSubscriptionId: id,
  subscriptionStatus: status,
  subscriptionEventCreated: created,
});

describe('shouldApplySnapshot', () => {
  it('applies the first snapshot a seller gets', () => {
    expect(shouldApplySnapshot({}, snapshot({ status: 'trialing' }))).toBe(true);
  });

  it('applies newer events and refuses older ones, whatever their status', () => {
    expect(
      shouldApplySnapshot(stored('past_due', 100), snapshot({ status: 'active', eventCreated: 200 })),
    ).toBe(true);
    expect(
      shouldApplySnapshot(stored('active', 200), snapshot({ status: 'past_due', eventCreated: 100 })),
    ).toBe(false);
    expect(
      shouldApplySnapshot(stored('active', 200), snapshot({ status: 'trialing', eventCreated: 150 })),
    ).toBe(false);
  });

  it('breaks same-second ties by status order, so trialing never follows active back', () => {
    expect(
      shouldApplySnapshot(stored('active', 100), snapshot({ status: 'trialing', eventCreated: 100 })),
    ).toBe(false);
    expect(
      shouldApplySnapshot(stored('trialing', 100), snapshot({ status: 'active', eventCreated: 100 })),
    ).toBe(true);
    expect(
      shouldApplySnapshot(stored('active', 100), snapshot({ status: 'active', eventCreated: 100 })),
    ).toBe(true);
  });

  it('never revives a canceled subscription, even from a later-dated event', () => {
    expect(
      shouldApplySnapshot(stored('canceled', 100), snapshot({ status: 'active', eventCreated: 500 })),
    ).toBe(false);
  });

  it("ignores another subscription's end and lets a new subscription replace an ended one", () => {
    expect(
      shouldApplySnapshot(
        stored('active', 100, 'sub_new'),
        snapshot({ subscriptionId: 'sub_old', status: 'canceled', eventCreated: 900 }),
      ),
    ).toBe(false);
    expect(
      shouldApplySnapshot(
        stored('canceled', 900, 'sub_old'),
        snapshot({ subscriptionId: 'sub_new', status: 'trialing', eventCreated: 100 }),
      ),
    ).toBe(true);
    expect(
      shouldApplySnapshot(
        stored('active', 900, 'sub_new'),
        snapshot({ subscriptionId: 'sub_older', status: 'active', eventCreated: 100 }),
      ),
    ).toBe(false);
  });
});

describe('entitlementsFor', () => {
  it('gives the plan while trialing, active or past due', () => {
    for (const status of ['trialing', 'active', 'past_due']) {
      expect(entitlementsFor(status, 'advanced')).toEqual({
        monthlyPhotoUploadLimit: PLANS.advanced.monthlyPhotoUploadLimit,
        paymentAcceptanceEnabled: true,
        teamMembers: 10,
      });
    }
    expect(entitlementsFor('active', 'basic')).toMatchObject({
      paymentAcceptanceEnabled: false,
      teamMembers: 2,
    });
  });

  it('falls back to the free allowance without a live subscription', () => {
    for (const status of ['canceled', 'unpaid', 'incomplete', undefined]) {
      expect(entitlementsFor(status, 'advanced')).toEqual({
        monthlyPhotoUploadLimit: 100,
        paymentAcceptanceEnabled: false,
        teamMembers: 0,
      });
    }
  });
});

describe('usagePeriodKey', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('counts in the billing period of a live subscription', () => {
    expect(
      usagePeriodKey({ subscriptionStatus: 'active', currentPeriodStart: '2026-11-05T08:00:00.000Z' }, now),
    ).toBe('2026-11-05T08:00:00.000Z');
  });
  it('counts in the calendar month otherwise', () => {
    expect(usagePeriodKey({ subscriptionStatus: 'canceled', currentPeriodStart: '2026-11-05' }, now)).toBe(
      '2026-11',
    );
    expect(usagePeriodKey({}, now)).toBe('2026-11');
  });
});
