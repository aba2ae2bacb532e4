import { describe, expect, it } from 'vitest';
import { readConsent, REJECT_NON_ESSENTIAL, saveConsent } from './consent-record';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('cookie consent record', () => {
  it('is absent until the user chooses', () => {
    expect(readConsent(memoryStorage())).toBeNull();
  });

  it('defaults to functional only', () => {
    expect(REJECT_NON_ESSENTIAL).toEqual({ functional: true, analytics: false, marketing: false });
  });

  it('is stored under cookieConsentV2 with functional always on', () => {
    const storage = memoryStorage();
    saveConsent({ analytics: true, marketing: false }, storage);
    expect(JSON.parse(storage.items.get('cookieConsentV2') ?? '')).toEqual({
      functional: true,
      analytics: true,
      marketing: false,
    });
    expect(readConsent(storage)).toEqual({ functional: true, analytics: true, marketing: false });
  });

  it('treats a malformed record as no choice, so the banner asks again', () => {
    expect(readConsent(memoryStorage({ cookieConsentV2: '{not json' }))).toBeNull();
    expect(readConsent(memoryStorage({ cookieConsentV2: '{"analytics":true}' }))).toBeNull();
    expect(
      readConsent(
        memoryStorage({ cookieConsentV2: '{"functional":false,"analytics":true,"marketing":true}' }),
      ),
    ).toBeNull();
  });
});
