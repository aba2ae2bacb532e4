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
 * The seller's working pages, laid out across a desktop's width: grids of cards, the photo grid, the
 * orders table; and the public galleries (/g/...), whose masonry needs the width. The seller's form
 * pages (sign-in, profile...) keep the narrow column.
 */
const FULL_SECTIONS = ['dashboard', 'manage-account', 'galleries', 'seller-orders', 'g'];

export type MainWidth = 'narrow' | 'wide' | 'full';

/**
 * The main column's width, decided by the route before any content loads. Deciding it from the
 * rendered content (CSS :has) made the column jump when a page's data arrived, which Lighthouse
 * measured as a large layout shift. (The order gallery still widens itself once photos show.)
 */
export function mainWidth(pathname: string): MainWidth {
  const first = pathname.split('/')[1] ?? '';
  if (FULL_SECTIONS.includes(first)) return 'full';
  return WIDE_SECTIONS.includes(first) ? 'wide' : 'narrow';
}
