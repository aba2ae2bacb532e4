/**
 * A host starting with 'www.' sends the visitor to the bare host after WWW_REDIRECT_DELAY_MS, the
 * page marked noindex meanwhile so search engines index only the bare host (public document,
 * section 2 "Global chrome"). The CDN may redirect too; this covers hosts it does not.
 */
import { useEffect } from 'react';
import { WWW_REDIRECT_DELAY_MS } from '#shared/rules/constants';

/** The same URL on the bare host (path, query and hash kept), or null when the host has no 'www.'. */
export function wwwRedirectTarget(href: string): string | null {
  const url = new URL(href);
  if (!url.hostname.startsWith('www.')) return null;
  url.hostname = url.hostname.slice('www.'.length);
  return url.href;
}

function addNoindex(): HTMLMetaElement {
  const meta = document.createElement('meta');
  meta.name = 'robots';
  meta.content = 'noindex';
  document.head.append(meta);
  return meta;
}

export function WwwRedirect() {
  useEffect(() => {
    const target = wwwRedirectTarget(window.location.href);
    if (!target) return;
    const meta = addNoindex();
    const timer = window.setTimeout(() => window.location.replace(target), WWW_REDIRECT_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      meta.remove();
    };
  }, []);
  return null;
}
