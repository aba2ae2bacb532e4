/** The chrome around every page: a sticky header, the page, a footer. */
import { lazy, Suspense, useLayoutEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Progress } from '../components/progress';
import { getEnv } from '../config/env';
import { chromeTexts as texts } from '../lib/texts/chrome';

/** The account links load after the page: they are not part of any customer page's first bundle. */
const SiteNav = lazy(() => import('./site-nav').then((m) => ({ default: m.SiteNav })));

/** Each new page starts at the top, unless the link points at an anchor (public document, section 2). */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useLayoutEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

export function Layout() {
  const supportEmail = getEnv().VITE_SUPPORT_EMAIL;
  return (
    <>
      <ScrollToTop />
      <a className="skip-link" href="#main">
        {texts.skipToContent}
      </a>
      <header className="site-header">
        <Link to="/" className="logo" aria-label={texts.homeLinkLabel}>
          {texts.logo}
        </Link>
        <Suspense fallback={null}>
          <SiteNav />
        </Suspense>
      </header>
      <main id="main" className="site-main">
        <Suspense fallback={<Progress label={texts.loading} />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="site-footer">
        <p>
          {texts.logo} · {texts.footerNote}
        </p>
        <p>
          <a href={`mailto:${supportEmail}`}>{texts.contactUs}</a>
        </p>
      </footer>
    </>
  );
}
