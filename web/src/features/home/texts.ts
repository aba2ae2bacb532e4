/**
 * Texts of the home page. Quoted texts of the spec letter for letter; our own wording where the spec shows none is
 * marked "ours". Error texts live in shared/texts/errors.ts. One file per area so each page's chunk carries
 * only its own texts.
 */
import {
  CONNECT_ONBOARDING_MINUTES,
  ORDER_AVAILABLE_DAYS,
  PAYOUT_DELAY_DAYS,
  PLATFORM_FEE_PERCENT,
} from '#shared/rules/constants';

export const homeTexts = {
  headline: 'Moments Captured. Memories Shared. Money Made.',
  subline: 'Effortless digital photo delivery for every occasion.',
  // ours: the page's description for search engines and link previews.
  metaDescription:
    'Shutterlane lets photographers and tour operators deliver and sell photos by QR code or link: customers pay by card and download, with no app or account.',
  // ours
  heroVideoLabel: 'A phone receiving a gallery of photos, ready to download',
} as const;

/** The feature sections between the hero and the business types, in page order. */
export const homeSectionTexts = {
  upload: {
    heading: 'Upload at original quality, or optimized for social', // ours
    body: 'Add photos from your phone’s gallery or from your computer’s files. Keep the full-resolution originals for customers who print and edit, or let Shutterlane prepare optimized copies that download quickly on any connection.', // ours
    button: 'Read the upload guide', // ours
    imageAlt: 'The new-event screen with a choice of Original or Optimized quality', // ours
  },
  qr: {
    heading: 'Share with a QR code', // ours
    body: 'Every order has its own link and QR code. Show it on your phone, print it on a table card or send it by message: customers scan it, see their photos and pay by card, with no app to install and no account to create.', // ours
    videoLabel: 'A phone scanning a QR code on a table card and opening the order', // ours
  },
  deliver: {
    heading: 'Deliver instantly',
    body: `As soon as an order is paid, or straight away when it is free, your customer can view, share and download their photos, one at a time or all together as a ZIP. The link is emailed to them too, and the photos stay available for ${ORDER_AVAILABLE_DAYS} days.`, // ours
    button: 'Explore the app', // ours
    imageAlt: 'A customer’s order with nine photos and a Download all button', // ours
  },
  payments: {
    heading: 'Make getting paid a breeze',
    body: `Connect a Stripe account in about ${CONNECT_ONBOARDING_MINUTES} minutes and your customers pay by card at checkout. Shutterlane takes a ${PLATFORM_FEE_PERCENT}% commission per successful transaction plus Stripe’s processing fees, and payouts reach your bank ${PAYOUT_DELAY_DAYS} days after the customer pays.`, // ours
    button: 'How payments work', // ours
    carouselLabel: 'Card payment screens', // ours
    videoLabel: 'A customer entering card details and the payment succeeding', // ours
    screenshotAlt: 'The checkout page with the order total, email and card fields and a Pay button', // ours
  },
  team: {
    heading: 'One team, every device', // ours
    body: 'Photographers on the boat, staff at the kiosk and you at the office can all upload to the same galleries from their own phones, tablets and computers, and create orders from wherever the customer is standing.', // ours
    imageAlt: 'The team screen with four devices uploading to one gallery', // ours
  },
  growth: {
    heading: 'Track your growth',
    body: 'Your earnings dashboard shows your sales month by month and your best-selling galleries, and your orders list what each order earned you after fees and the day it reaches your bank.', // ours
    button: 'Explore growth analytics', // ours
    imageAlt: 'The earnings dashboard with total sales, orders and photos', // ours
  },
} as const;

/** Texts of the two-slide carousel (ours, except the structure the spec names). */
export const homeCarouselTexts = {
  previous: 'Previous slide',
  next: 'Next slide',
  showSlide: (n: number) => `Show slide ${n}`,
  slideLabel: (n: number, total: number) => `${n} of ${total}`,
} as const;

/** Texts of the business-type cards: 'More' is the spec's; the rest ours. */
export const businessTypeTexts = {
  heading: 'Built for every occasion',
  intro: 'Wherever people want photos of themselves, Shutterlane turns those moments into sales.',
  whyItMatters: 'Why it matters',
  more: 'More',
  loading: 'Loading business types…',
  loadFailed: 'Failed to load business types. Please try again later.',
  scrollLeft: 'Scroll business types left',
  scrollRight: 'Scroll business types right',
  listLabel: 'Business types',
} as const;
