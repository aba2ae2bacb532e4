import { describe, expect, it } from 'vitest';
import { DEFAULT_MONTHLY_UPLOAD_LIMIT } from '#shared/rules/constants';
import { User } from '#shared/schemas/user';
import { toUserView } from './user-view';

const base = { userId: 'u1', email: 'a@example.com', name: 'Ada', createdAt: '2026-01-01T00:00:00.000Z' };
const now = new Date('2026-03-15T00:00:00Z');

describe('toUserView', () => {
  it('gives a new seller sensible defaults that satisfy the contract', () => {
    const view = toUserView(base, now);
    expect(User.parse(view)).toEqual(view);
    expect(view.subscription).toMatchObject({ hasSubscription: false, isTrial: false });
    expect(view.entitlements).toEqual({
      paymentAcceptanceEnabled: false,
      currentMonthUploads: 0,
      monthlyPhotoUploadLimit: DEFAULT_MONTHLY_UPLOAD_LIMIT,
    });
    expect(view.stripeConnect).toEqual({ onboardingCompleted: false });
  });

  it('reads plan, trial, counters of this month and sales in pounds', () => {
    const view = toUserView(
      {
        ...base,
        plan: 'advanced',
        subscriptionStatus: 'trialing',
        trialEndDate: '2026-04-01',
        uploadMonth: '2026-03',
        currentMonthUploads: 12,
        totalSalesMinor: 12345,
        chargesEnabled: true,
      },
      now,
    );
    expect(view.subscription).toMatchObject({ hasSubscription: true, isTrial: true, plan: 'advanced' });
    expect(view.entitlements.currentMonthUploads).toBe(12);
    expect(view.analytics?.totalSales).toBe(123.45);
    expect(view.team).toEqual({
      memberId: 'u1',
      role: 'owner',
      name: 'Ada',
      email: 'a@example.com',
      memberCount: 0,
    });
    expect(view.stripeConnect.onboardingCompleted).toBe(true);
  });

  it("shows a member the business's account, with their own place and, to a photographer, no sales", () => {
    const place = { memberId: 'm1', role: 'photographer', name: 'Bo', email: 'bo@example.com' } as const;
    const view = toUserView(
      { ...base, totalSalesMinor: 500, teamMemberIds: new Set(['m1', 'm2']) },
      now,
      place,
    );
    expect(User.parse(view)).toEqual(view);
    expect(view.id).toBe('u1');
    expect(view.team).toEqual({ ...place, memberCount: 2 });
    expect(view.analytics).toBeUndefined();
    expect(toUserView(base, now, { ...place, role: 'manager' }).analytics?.totalSales).toBe(0);
  });

  it("does not count last month's uploads", () => {
    expect(
      toUserView({ ...base, uploadMonth: '2026-02', currentMonthUploads: 9 }, now).entitlements
        .currentMonthUploads,
    ).toBe(0);
  });
});
