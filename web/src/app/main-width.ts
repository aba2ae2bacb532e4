/** Pages laid out in a wide column; every other page (reading and form pages) keeps the narrow one. */
const WIDE_SECTIONS = [
  '',
  'features',
  'app',
  'how-payments-work',
  'photo-upload-guide',
  'growth-analytics',
  'insights',
];

/**
 * The main column's width, decided by the route before any content loads. Deciding it from the
 * rendered content (CSS :has) made the column jump when a page's data arrived, which Lighthouse
 * measured as a large layout shift. (The order gallery still widens itself once photos show.)
 */
export function mainWidth(pathname: string): 'wide' | 'narrow' {
  const first = pathname.split('/')[1] ?? '';
  return WIDE_SECTIONS.includes(first) ? 'wide' : 'narrow';
}
