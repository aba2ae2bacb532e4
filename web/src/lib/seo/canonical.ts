/**
 * Canonical URLs (public document, section 2 "Global chrome"): set on public pages only, and a
 * canonical URL from the content store is accepted only when it names one of the product's own three
 * hosts (main, www, staging); anything else falls back to the page's own URL on the main host.
 */
export interface SiteOrigins {
  /** e.g. https://shutterlane.com */
  site: string;
  /** e.g. https://staging.shutterlane.com */
  staging: string;
}

export function ownHosts(origins: SiteOrigins): string[] {
  const main = new URL(origins.site).host;
  return [main, `www.${main}`, new URL(origins.staging).host];
}

function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/** The content store's canonical URL when it is https on one of our hosts, else null. */
export function acceptedCanonical(raw: string | undefined, origins: SiteOrigins): string | null {
  if (!raw) return null;
  const url = parseUrl(raw);
  if (!url || url.protocol !== 'https:' || !ownHosts(origins).includes(url.host)) return null;
  return url.href;
}

/** The canonical URL of a public page: the accepted content-store URL, or the path on the main host. */
export function canonicalUrl(pathname: string, origins: SiteOrigins, fromContent?: string): string {
  return acceptedCanonical(fromContent, origins) ?? new URL(pathname, origins.site).href;
}
