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
 * measured as a large layout shift. An order's page (/orders/{id}) takes the full width from its first
 * screen, since its gallery needs it: widening the column once the photos showed moved the whole page on a
 * desktop (Lighthouse: CLS 0.21); its forms keep a narrow panel inside it (app/styles.css).
 */
export function mainWidth(pathname: string): MainWidth {
  const [, first = '', orderId] = pathname.split('/');
  if (FULL_SECTIONS.includes(first) || (first === 'orders' && orderId)) return 'full';
  return WIDE_SECTIONS.includes(first) ? 'wide' : 'narrow';
}
