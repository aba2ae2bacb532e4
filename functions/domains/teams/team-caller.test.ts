import { describe, expect, it } from 'vitest';
import { activityIsStale, teamCaller } from './team-caller';

describe('teamCaller', () => {
  it('makes an account without a member record the owner of its own business', () => {
    expect(teamCaller('owner-1', undefined)).toEqual({
      businessId: 'owner-1',
      memberId: 'owner-1',
      role: 'owner',
    });
    expect(teamCaller('owner-1', {})).toEqual({ businessId: 'owner-1', memberId: 'owner-1', role: 'owner' });
  });

  it("acts for the member's business with the stored role, invited or active", () => {
    for (const memberStatus of ['invited', 'active'] as const) {
      expect(teamCaller('m-1', { businessId: 'owner-1', role: 'photographer', memberStatus })).toEqual({
        businessId: 'owner-1',
        memberId: 'm-1',
        role: 'photographer',
      });
    }
  });

  it('refuses a removed member, and a member record without a role', () => {
    expect(
      teamCaller('m-1', { businessId: 'owner-1', role: 'manager', memberStatus: 'removed' }),
    ).toBeUndefined();
    expect(teamCaller('m-1', { businessId: 'owner-1' })).toBeUndefined();
  });
});

describe('activityIsStale', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  it('records activity once per five minutes', () => {
    expect(activityIsStale(undefined, now)).toBe(true);
    expect(activityIsStale('2026-11-29T11:56:00Z', now)).toBe(false);
    expect(activityIsStale('2026-11-29T11:55:00Z', now)).toBe(true);
  });
});
