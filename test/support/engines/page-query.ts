/**
 * Finding an element as a customer does, run inside the page by either engine's driver (the functions
 * are sent as source, so each is self-contained): the visible elements of a role whose accessible name
 * (aria-label, aria-labelledby, the field's label, an image's alt, else its text) matches.
 */
import type { Target } from './engine';

/** A target as plain JSON for the page: the name as a pattern's source and flags. */
export interface PageTarget {
  role: Target['role'];
  source: string;
  flags: string;
  exact: boolean;
}

export const pageTarget = ({ role, name }: Target): PageTarget =>
  typeof name === 'string'
    ? { role, source: name, flags: '', exact: true }
    : { role, source: name.source, flags: name.flags, exact: false };

/** The visible elements matching the target, in document order. */
export function findAll(target: PageTarget): Element[] {
  const selectors: Record<PageTarget['role'], string> = {
    button: 'button, [role="button"], input[type="button"], input[type="submit"]',
    link: 'a[href], [role="link"]',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    checkbox: 'input[type="checkbox"], [role="checkbox"], [role="switch"]',
    textbox: 'input:not([type]), input[type="text"], input[type="email"], input[type="file"], textarea',
    img: 'img, [role="img"]',
    alert: '[role="alert"]',
    progressbar: 'progress, [role="progressbar"]',
  };
  const squeeze = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const byIds = (ids: string) =>
    ids
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
  const nameOf = (element: Element): string => {
    const label = element.getAttribute('aria-label');
    if (label) return squeeze(label);
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) return squeeze(byIds(labelledBy));
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0) return squeeze([...labels].map((l) => l.textContent).join(' '));
    if (element instanceof HTMLImageElement) return squeeze(element.alt);
    return squeeze(element.textContent);
  };
  const shown = (element: Element) =>
    (element as HTMLInputElement).type === 'file' || element.getClientRects().length > 0;
  const pattern = new RegExp(target.source, target.flags);
  return [...document.querySelectorAll(selectors[target.role])].filter((element) => {
    const name = nameOf(element);
    return shown(element) && (target.exact ? name === target.source : pattern.test(name));
  });
}

/** Whether the page's visible text contains `text`. */
export const pageHasText = (text: string): boolean =>
  document.body.innerText.replace(/\s+/g, ' ').includes(text);
