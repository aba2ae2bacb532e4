/**
 * Which trackers run for a consent record. A tracker with an empty id (VITE_GA_MEASUREMENT_ID,
 * VITE_META_PIXEL_ID) never loads; one whose category is not granted never loads either, so before
 * consent the page makes no request to a third-party host.
 */
import type { CookieConsent } from './consent-record';
import { googleTagLoaded, loadGoogleTag, sendGooglePageView, updateGoogleConsent } from './google-tag';
import { loadMetaPixel, metaPixelLoaded, revokeMetaPixel, sendPixelPageView } from './meta-pixel';

export interface TrackerIds {
  googleMeasurementId: string;
  metaPixelId: string;
}

export const trackerIdsFromEnv = (): TrackerIds => ({
  googleMeasurementId: import.meta.env.VITE_GA_MEASUREMENT_ID,
  metaPixelId: import.meta.env.VITE_META_PIXEL_ID,
});

/** Loads what the record grants; tells loaded trackers about a withdrawn category. */
export function applyConsent(consent: CookieConsent, ids: TrackerIds): void {
  if (googleTagLoaded()) updateGoogleConsent(consent);
  else if (consent.analytics && ids.googleMeasurementId) {
    loadGoogleTag(ids.googleMeasurementId, consent);
    sendGooglePageView(window.location, document.title);
  }

  if (consent.marketing && ids.metaPixelId) loadMetaPixel(ids.metaPixelId);
  else if (metaPixelLoaded()) revokeMetaPixel();
}

/** A page view for each loaded tracker whose category is granted (route changes in the SPA). */
export function trackPageView(consent: CookieConsent): void {
  if (consent.analytics && googleTagLoaded()) sendGooglePageView(window.location, document.title);
  if (consent.marketing && metaPixelLoaded()) sendPixelPageView();
}
