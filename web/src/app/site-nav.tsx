/**
 * The navigation bar (public document, section 2 "Global chrome"): Features and Pricing (behind
 * their flags), Insights, the dark-mode toggle; signed in, Dashboard and Sign Out; signed out, Sign In
 * and the flag-driven call to action. Up to 768 px wide the links fold into a menu that also offers
 * 'App & Features' and Support. A lazy chunk: on customer routes the session is not checked (that
 * would load the sign-in library), so a stored session decides until a seller route has checked it, and
 * without one the auth store is not loaded at all.
 */
import { lazy, Suspense, useId } from 'react';
import { NavLink, useLocation } from 'react-router';
import { featureFlags } from '../config/feature-flags';
import { hasStoredSession } from '../lib/auth/session-hint';
import { navTexts as texts } from './chrome/nav-texts';
import { SignedOutLinks } from './chrome/signed-out-links';
import { ThemeToggle } from './chrome/theme-toggle';
import { useMenu } from './chrome/use-menu';
import './chrome/chrome.css';

const SessionLinks = lazy(() => import('./chrome/session-links').then((m) => ({ default: m.SessionLinks })));

export function SiteNav() {
  const flags = featureFlags();
  const { open, toggle, containerRef, buttonRef, panelRef } = useMenu();
  const menuId = useId();
  return (
    <nav className="site-nav" aria-label={texts.label} ref={containerRef}>
      <div id={menuId} className="site-menu" data-open={open || undefined} ref={panelRef}>
        <ul className="site-links">
          {flags.features && (
            <li>
              <NavLink to="/features">{texts.features}</NavLink>
            </li>
          )}
          {flags.pricing && (
            <li>
              <NavLink to="/pricing">{texts.pricing}</NavLink>
            </li>
          )}
          <li>
            <NavLink to="/insights">{texts.insights}</NavLink>
          </li>
          {flags.features && (
            <li className="mobile-only">
              <NavLink to="/app">{texts.appAndFeatures}</NavLink>
            </li>
          )}
          <li className="mobile-only">
            <NavLink to="/support">{texts.support}</NavLink>
          </li>
        </ul>
        <AccountLinks />
      </div>
      <ThemeToggle />
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={open ? texts.closeMenu : texts.openMenu}
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </nav>
  );
}

/**
 * Who is signed in decides the account links. A browser with no stored seller session (every customer's)
 * gets the signed-out links at once; one with a session loads the links that read the auth store. The
 * store's state changes only with a sign-in or out, each followed by a navigation, so the choice is made
 * again on every page.
 */
function AccountLinks() {
  useLocation();
  if (!hasStoredSession()) return <SignedOutLinks />;
  return (
    <Suspense fallback={null}>
      <SessionLinks />
    </Suspense>
  );
}
