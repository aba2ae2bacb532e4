/**
 * The navigation bar (public document, section 2 "Global chrome"): Features and Pricing (behind
 * their flags), Insights, the dark-mode toggle; signed in, Dashboard and Sign Out; signed out, Sign In
 * and the flag-driven call to action. Up to 768 px wide the links fold into a menu that also offers
 * 'App & Features' and Support. A lazy chunk: on customer routes the session is not checked (that
 * would load the sign-in library), so a stored session decides until a seller route has checked it.
 */
import { useId } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { featureFlags, primaryCallToAction } from '../config/feature-flags';
import { useAuth } from '../lib/auth/auth-store';
import { hasStoredSession } from '../lib/auth/session-hint';
import { navTexts as texts } from './chrome/nav-texts';
import { ThemeToggle } from './chrome/theme-toggle';
import { useMenu } from './chrome/use-menu';
import './chrome/chrome.css';

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

function AccountLinks() {
  const { status, user, signOut } = useAuth();
  const navigate = useNavigate();
  const signedIn = status === 'ready' ? user !== null : hasStoredSession();
  if (signedIn) {
    return (
      <ul className="site-account">
        <li>
          <NavLink to="/dashboard">{texts.dashboard}</NavLink>
        </li>
        <li>
          <button
            type="button"
            className="button-link"
            onClick={async () => {
              // Sign-out failures are logged by signOut; the user is cleared and sent home regardless.
              await signOut();
              navigate('/');
            }}
          >
            {texts.signOut}
          </button>
        </li>
      </ul>
    );
  }
  const callToAction = primaryCallToAction(featureFlags());
  return (
    <ul className="site-account">
      <li>
        <NavLink to="/signin">{texts.signIn}</NavLink>
      </li>
      <li>
        <Link to={callToAction.to} className="button nav-cta">
          {callToAction.label}
        </Link>
      </li>
    </ul>
  );
}
