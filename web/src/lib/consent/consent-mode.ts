/**
 * Consent categories mapped to Google consent-mode storage types (public document, section 3: ads,
 * analytics, functionality, personalization, security). Security and functionality storage are
 * essential (functional is always on); personalization follows functional too (remembered choices
 * such as the theme, what consent platforms call "preferences"); ad storage, and consent mode v2's
 * ad_user_data and ad_personalization, follow marketing.
 */
import type { CookieConsent } from './consent-record';

export type ConsentState = 'granted' | 'denied';

export interface ConsentMode {
  ad_storage: ConsentState;
  ad_user_data: ConsentState;
  ad_personalization: ConsentState;
  analytics_storage: ConsentState;
  functionality_storage: ConsentState;
  personalization_storage: ConsentState;
  security_storage: ConsentState;
}

const state = (granted: boolean): ConsentState => (granted ? 'granted' : 'denied');

export function consentModeFor(consent: CookieConsent): ConsentMode {
  return {
    ad_storage: state(consent.marketing),
    ad_user_data: state(consent.marketing),
    ad_personalization: state(consent.marketing),
    analytics_storage: state(consent.analytics),
    functionality_storage: state(consent.functional),
    personalization_storage: state(consent.functional),
    security_storage: 'granted',
  };
}
