/**
 * Cookie consent on every page: shows the banner when no choice is stored or when the footer's
 * 'Change Cookie Preferences' asks for it, loads the trackers the choice grants, and reports page
 * views on route changes. The banner comes in this (lazily loaded) chunk: a first visit shows it at
 * once, and on a phone its text is often the largest paint of a short page (an order's), so a chunk
 * of its own, one more round trip later, made that paint later. A returning visitor pays its 2 KB.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import {
  OPEN_COOKIE_PREFERENCES_EVENT,
  readConsent,
  saveConsent,
  type CookieConsent,
} from '../../lib/consent/consent-record';
import { applyConsent, trackerIdsFromEnv, trackPageView } from '../../lib/consent/trackers';
import { CookieBanner } from './cookie-banner';

type BannerState = 'hidden' | 'first-visit' | 'reopened';

export function ConsentController() {
  const [consent, setConsent] = useState<CookieConsent | null>(readConsent);
  const [banner, setBanner] = useState<BannerState>(() => (consent ? 'hidden' : 'first-visit'));
  const { pathname } = useLocation();
  const trackedPath = useRef(pathname);

  useEffect(() => {
    const reopen = () => setBanner('reopened');
    window.addEventListener(OPEN_COOKIE_PREFERENCES_EVENT, reopen);
    return () => window.removeEventListener(OPEN_COOKIE_PREFERENCES_EVENT, reopen);
  }, []);

  // Loading a tracker sends its first page view; later route changes send theirs below.
  useEffect(() => {
    if (consent) applyConsent(consent, trackerIdsFromEnv());
  }, [consent]);

  useEffect(() => {
    if (trackedPath.current === pathname) return;
    trackedPath.current = pathname;
    if (consent) trackPageView(consent);
  }, [pathname, consent]);

  if (banner === 'hidden') return null;
  return (
    <CookieBanner
      initial={consent}
      takeFocus={banner === 'reopened'}
      onChoose={(choice) => {
        setConsent(saveConsent(choice));
        setBanner('hidden');
      }}
    />
  );
}
