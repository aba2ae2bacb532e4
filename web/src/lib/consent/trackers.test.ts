// @vitest-environment jsdom
// jsdom, not happy-dom: happy-dom handles <script> elements differently (what it loads, what document.scripts lists).
import { afterEach, describe, expect, it } from 'vitest';
import { ACCEPT_ALL, REJECT_NON_ESSENTIAL } from './consent-record';
import { googleTagUrl } from './google-tag';
import { META_PIXEL_URL } from './meta-pixel';
import { applyConsent, trackPageView } from './trackers';

const ids = { googleMeasurementId: 'G-TEST123', metaPixelId: '1234567890' };
const scriptSources = () => [...document.scripts].map((script) => script.src);

afterEach(() => {
  document.head.innerHTML = '';
  delete window.gtag;
  delete window.dataLayer;
  delete window.fbq;
  delete window._fbq;
});

describe('applyConsent', () => {
  it('loads nothing without consent', () => {
    applyConsent(REJECT_NON_ESSENTIAL, ids);
    expect(scriptSources()).toEqual([]);
    expect(window.gtag).toBeUndefined();
    expect(window.fbq).toBeUndefined();
  });

  it('loads nothing when the ids are empty, whatever the consent', () => {
    applyConsent(ACCEPT_ALL, { googleMeasurementId: '', metaPixelId: '' });
    expect(scriptSources()).toEqual([]);
  });

  it('loads only the Google tag for analytics consent, with consent mode first', () => {
    applyConsent({ functional: true, analytics: true, marketing: false }, ids);
    expect(scriptSources()).toEqual([googleTagUrl('G-TEST123')]);
    const commands = (window.dataLayer ?? []).map((entry) => [...(entry as IArguments)]);
    expect(commands[0]).toEqual([
      'consent',
      'default',
      expect.objectContaining({ analytics_storage: 'granted' }),
    ]);
    expect(commands.at(-1)).toEqual(['event', 'page_view', expect.objectContaining({ page_path: '/' })]);
  });

  it('loads the pixel for marketing consent and sends a PageView', () => {
    applyConsent({ functional: true, analytics: false, marketing: true }, ids);
    expect(scriptSources()).toEqual([META_PIXEL_URL]);
    expect(window.fbq?.queue).toEqual([
      ['init', '1234567890'],
      ['track', 'PageView'],
    ]);
  });

  it('updates consent of loaded trackers when it is withdrawn, and stops page views', () => {
    applyConsent(ACCEPT_ALL, ids);
    applyConsent(REJECT_NON_ESSENTIAL, ids);
    const commands = (window.dataLayer ?? []).map((entry) => [...(entry as IArguments)]);
    expect(commands.at(-1)).toEqual(['consent', 'update', expect.objectContaining({ ad_storage: 'denied' })]);
    expect(window.fbq?.queue.at(-1)).toEqual(['consent', 'revoke']);
    const queued = window.fbq?.queue.length;
    trackPageView(REJECT_NON_ESSENTIAL);
    expect(window.fbq?.queue.length).toBe(queued);
  });
});
