import { describe, expect, it } from 'vitest';
import { memberLimitOf, memberView } from './team-rules';

describe('memberLimitOf', () => {
  it('admits members on a live plan only', () => {
    expect(memberLimitOf({ plan: 'basic', subscriptionStatus: 'active' })).toBe(2);
    expect(memberLimitOf({ plan: 'advanced', subscriptionStatus: 'trialing' })).toBe(10);
    expect(memberLimitOf({ plan: 'advanced', subscriptionStatus: 'canceled' })).toBe(0);
    expect(memberLimitOf({})).toBe(0);
  });
});

describe('memberView', () => {
  it('shows a member who has not chosen a password as invited', () => {
    const record = {
      userId: 'm1',
      email: 'bo@example.com',
      name: 'Bo',
      createdAt: '2026-11-01T00:00:00.000Z',
      businessId: 'o1',
      role: 'photographer',
      memberStatus: 'invited',
      invitedBy: 'o1',
    } as const;
    expect(memberView(record, '2026-11')).toEqual({
      id: 'm1',
      name: 'Bo',
      email: 'bo@example.com',
      role: 'photographer',
      status: 'invited',
      joinedAt: '2026-11-01T00:00:00.000Z',
      uploadsThisPeriod: 0,
    });
    expect(memberView({ ...record, memberStatus: 'active', lastActiveAt: 'x' }, '2026-11')).toMatchObject({
      status: 'active',
      lastActiveAt: 'x',
    });
  });

  it("counts a member's uploads in the business's current period only", () => {
    const record = {
      userId: 'm1',
      email: 'bo@example.com',
      name: 'Bo',
      createdAt: '2026-11-01T00:00:00.000Z',
      businessId: 'o1',
      role: 'photographer',
      memberStatus: 'active',
      invitedBy: 'o1',
      memberUploads: 12,
      memberUploadPeriod: '2026-11',
    } as const;
    expect(memberView(record, '2026-11').uploadsThisPeriod).toBe(12);
    expect(memberView(record, '2026-12').uploadsThisPeriod).toBe(0);
  });
});
