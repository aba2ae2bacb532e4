/** The chrome around every page: a sticky header, the page, a footer, and the cookie banner when due. */
import { lazy, Suspense, useLayoutEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { PageErrorBoundary } from '../components/page-error-boundary';
import { Progress } from '../components/progress';
import { chromeTexts as texts } from './chrome/texts';
import { mainWidth } from './main-width';

/**
 * The navigation, the footer's content and the site services (www redirect, cookie consent) load after
 * the page: they are not part of any customer page's first bundle.
 */
const SiteNav = lazy(() => import('./site-nav').then((m) => ({ default: m.SiteNav })));
const SiteFooter = lazy(() => import('./chrome/site-footer').then((m) => ({ default: m.SiteFooter })));
const SiteServices = lazy(() => import('./chrome/site-services').then((m) => ({ default: m.SiteServices })));

/** Each new page starts at the top, unless the link points at an anchor (public document, section 2). */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useLayoutEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

export function Layout() {
  const { pathname } = useLocation();
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
      <main id="main" className="site-main" data-width={mainWidth(pathname)}>
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<Progress label={texts.loading} />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <footer className="site-footer">
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      </footer>
      <Suspense fallback={null}>
        <SiteServices />
      </Suspense>
    </>
  );
}
