import { describe, expect, it } from 'vitest';
import { consentModeFor } from './consent-mode';
import { ACCEPT_ALL, REJECT_NON_ESSENTIAL } from './consent-record';

describe('consentModeFor', () => {
  it('denies ads and analytics storage by default, keeps the essential ones', () => {
    expect(consentModeFor(REJECT_NON_ESSENTIAL)).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
      functionality_storage: 'granted',
      personalization_storage: 'granted',
      security_storage: 'granted',
    });
  });

  it('grants everything when all is accepted', () => {
    expect(Object.values(consentModeFor(ACCEPT_ALL)).every((state) => state === 'granted')).toBe(true);
  });

  it('maps analytics and marketing separately', () => {
    const analyticsOnly = consentModeFor({ functional: true, analytics: true, marketing: false });
    expect(analyticsOnly.analytics_storage).toBe('granted');
    expect(analyticsOnly.ad_storage).toBe('denied');
    const marketingOnly = consentModeFor({ functional: true, analytics: false, marketing: true });
    expect(marketingOnly.analytics_storage).toBe('denied');
    expect(marketingOnly.ad_storage).toBe('granted');
    expect(marketingOnly.ad_user_data).toBe('granted');
  });
});
