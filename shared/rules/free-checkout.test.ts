import { describe, expect, it } from 'vitest';
import { freeSessionExpiry, freeSessionMatches, isFreeCheckout, reusableFreeSession } from './free-checkout';

const now = new Date('2026-05-01T10:00:00Z');
const session = { freeCheckoutSessionId: 'fcs_abc', freeCheckoutExpiresAt: '2026-05-01T10:30:00.000Z' };

describe('free checkout', () => {
  it('is only for free orders that cost nothing', () => {
    expect(isFreeCheckout({ orderType: 'FREE_ORDER', totalMinor: 0 })).toBe(true);
    expect(isFreeCheckout({ orderType: 'FREE_ORDER', totalMinor: 100 })).toBe(false);
    expect(isFreeCheckout({ orderType: 'PAID_ORDER', totalMinor: 0 })).toBe(false);
  });

  it('lasts 30 minutes', () => {
    expect(freeSessionExpiry(now)).toBe('2026-05-01T10:30:00.000Z');
  });

  it('hands a session out again while more than 5 minutes remain', () => {
    expect(reusableFreeSession(session, now)).toEqual({
      id: 'fcs_abc',
      expiresAt: session.freeCheckoutExpiresAt,
    });
    expect(reusableFreeSession(session, new Date('2026-05-01T10:25:00Z'))).toBeUndefined();
    expect(reusableFreeSession({}, now)).toBeUndefined();
  });

  it('completes only with the order session before it ends', () => {
    expect(freeSessionMatches(session, 'fcs_abc', now)).toBe(true);
    expect(freeSessionMatches(session, 'fcs_other', now)).toBe(false);
    expect(freeSessionMatches(session, 'fcs_abc', new Date('2026-05-01T10:30:00Z'))).toBe(false);
    expect(freeSessionMatches({}, '', now)).toBe(false);
  });
});
