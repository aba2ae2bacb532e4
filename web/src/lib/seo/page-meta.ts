/**
 * Per-page title, description and canonical link for public pages. Pages that do not call it (sign-in,
 * account, seller and order screens) have no canonical link and the site's own title and description:
 * the hook removes its link and restores both when the page goes, so no page shows another's.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { canonicalUrl } from './canonical';

export interface PageMeta {
  /** The page's own title; the site name is appended. */
  title: string;
  description: string;
  /** A canonical URL from the content store; used only when it names one of our own hosts. */
  canonicalUrl?: string;
}

const SITE_NAME = 'Shutterlane';
/** As in web/index.html. */
const SITE_DESCRIPTION = 'Effortless digital photo delivery for every occasion.';

/** The site name is appended once: content-store meta titles ('Privacy Policy | Shutterlane') already carry it. */
export const documentTitle = (title: string) =>
  title === SITE_NAME || title.endsWith(` | ${SITE_NAME}`) ? title : `${title} | ${SITE_NAME}`;

function headElement(selector: string, create: () => HTMLElement): HTMLElement {
  const existing = document.head.querySelector<HTMLElement>(selector);
  if (existing) return existing;
  const element = create();
  document.head.append(element);
  return element;
}

function setDescription(description: string): void {
  const meta = headElement('meta[name="description"]', () => {
    const created = document.createElement('meta');
    created.setAttribute('name', 'description');
    return created;
  });
  meta.setAttribute('content', description);
}

function setCanonical(href: string): HTMLElement {
  const link = headElement('link[rel="canonical"]', () => {
    const created = document.createElement('link');
    created.setAttribute('rel', 'canonical');
    return created;
  });
  link.setAttribute('href', href);
  return link;
}

export function usePageMeta(meta: PageMeta): void {
  const { pathname } = useLocation();
  const { title, description, canonicalUrl: fromContent } = meta;
  useEffect(() => {
    document.title = documentTitle(title);
    setDescription(description);
    const origins = {
      site: import.meta.env.VITE_SITE_ORIGIN,
      staging: import.meta.env.VITE_STAGING_ORIGIN,
    };
    const link = setCanonical(canonicalUrl(pathname, origins, fromContent));
    return () => {
      link.remove();
      document.title = SITE_NAME;
      setDescription(SITE_DESCRIPTION);
    };
  }, [title, description, fromContent, pathname]);
}
