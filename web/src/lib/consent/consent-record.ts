/**
 * The cookie consent record (public document, section 3): local-storage key cookieConsentV2 holding
 * { functional: true, analytics, marketing }. Functional is always on; the defaults leave analytics
 * and marketing off until the user says otherwise.
 */
import { COOKIE_CONSENT_DEFAULTS, COOKIE_CONSENT_STORAGE_KEY } from '#shared/rules/constants';
import type { CookieConsent } from '#shared/schemas/content';

export type { CookieConsent };

export const ACCEPT_ALL: CookieConsent = { functional: true, analytics: true, marketing: true };
export const REJECT_NON_ESSENTIAL: CookieConsent = { ...COOKIE_CONSENT_DEFAULTS };

/** The custom event that reopens the banner (the footer's 'Change Cookie Preferences'). */
export const OPEN_COOKIE_PREFERENCES_EVENT = 'shutterlane:open-cookie-preferences';

export function openCookiePreferences(): void {
  window.dispatchEvent(new CustomEvent(OPEN_COOKIE_PREFERENCES_EVENT));
}

// A three-field check by hand: this module is on every page, where zod would cost more than it checks.
function isConsent(value: unknown): value is CookieConsent {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    record.functional === true &&
    typeof record.analytics === 'boolean' &&
    typeof record.marketing === 'boolean'
  );
}

/** The stored choice, or null when the user has not chosen (or the record is unreadable). */
export function readConsent(storage: Pick<Storage, 'getItem'> = window.localStorage): CookieConsent | null {
  try {
    const raw = storage.getItem(COOKIE_CONSENT_STORAGE_KEY);
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    return isConsent(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Stores the choice; only the three fields, functional forced on. */
export function saveConsent(
  choice: Pick<CookieConsent, 'analytics' | 'marketing'>,
  storage: Pick<Storage, 'setItem'> = window.localStorage,
): CookieConsent {
  const record: CookieConsent = {
    functional: true,
    analytics: choice.analytics,
    marketing: choice.marketing,
  };
  try {
    storage.setItem(COOKIE_CONSENT_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Storage blocked: the choice applies to this visit only, and the banner returns next time.
  }
  return record;
}
