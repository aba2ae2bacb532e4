/**
 * Google Analytics through the Google tag (gtag.js), loaded only once the analytics category is
 * granted. Consent mode is set from the record before the tag's first command, and updated when the
 * user changes their mind (the script cannot be unloaded, but denied storage stops its cookies).
 * Page views are sent by us on each route change, not by the tag, which would miss SPA navigations.
 */
import { consentModeFor } from './consent-mode';
import type { CookieConsent } from './consent-record';
import { loadScript } from './load-script';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export const googleTagUrl = (measurementId: string) =>
  `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;

function gtag(...args: unknown[]): void {
  window.gtag?.(...args);
}

export function loadGoogleTag(measurementId: string, consent: CookieConsent): void {
  if (window.gtag) return;
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads `arguments` objects from the data layer, not arrays: this is Google's own snippet.
  window.gtag = function () {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer?.push(arguments);
  };
  gtag('consent', 'default', consentModeFor(consent));
  gtag('js', new Date());
  gtag('config', measurementId, { send_page_view: false });
  loadScript(googleTagUrl(measurementId));
}

export function updateGoogleConsent(consent: CookieConsent): void {
  gtag('consent', 'update', consentModeFor(consent));
}

export function sendGooglePageView(location: Pick<Location, 'href' | 'pathname'>, title: string): void {
  gtag('event', 'page_view', {
    page_location: location.href,
    page_path: location.pathname,
    page_title: title,
  });
}

export const googleTagLoaded = () => window.gtag !== undefined;
