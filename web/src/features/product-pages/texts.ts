/**
 * Texts of the product pages (/features and /app, /how-payments-work, /photo-upload-guide,
 * /growth-analytics). The spec names the pages, the four upload steps and the payment figures (section
 * 1 and 9); the wording is ours. Figures come from shared/rules/constants.ts so the copy cannot drift.
 */
import {
  CONNECT_ONBOARDING_MINUTES,
  CONNECT_VERIFICATION_BUSINESS_DAYS,
  MAX_UPLOAD_BYTES,
  OPTIMIZED_MAX_PX,
  ORDER_AVAILABLE_DAYS,
  PAYOUT_DELAY_DAYS,
  PLATFORM_FEE_PERCENT,
} from '#shared/rules/constants';
import { formatMoney } from '#shared/rules/money';

export interface TitledText {
  title: string;
  text: string;
}

const gbp = (amount: number) => formatMoney(amount, 'GBP');

export const featuresTexts = {
  title: 'App & Features',
  metaDescription:
    'Upload, share by QR code, take card payments and deliver photos instantly with Shutterlane, on the web and in the app.',
  intro:
    'Everything you need to deliver and sell photos, from the first upload to the payout: in the app on your phone and on the web.',
  featuresHeading: 'Features',
  features: [
    {
      title: 'Upload at any quality',
      text: 'Send originals for customers who print and edit, or optimized copies that download quickly, from your phone’s gallery or your computer.',
    },
    {
      title: 'QR code sharing',
      text: 'Every order has its own link and QR code to show on screen, print on a card or send by message. Customers scan and see their photos.',
    },
    {
      title: 'Card checkout',
      text: 'Customers pay by card on a secure Stripe checkout page. No account to create and no app to install.',
    },
    {
      title: 'Free orders',
      text: 'Give photos away when you want to: the customer enters an email address and downloads straight away.',
    },
    {
      title: 'Instant delivery',
      text: `Photos unlock the moment the payment succeeds, the link is emailed to the customer, and the order stays available for ${ORDER_AVAILABLE_DAYS} days.`,
    },
    {
      title: 'ZIP download',
      text: 'Customers save a single photo, share one from their phone, or download the whole order as one ZIP file.',
    },
    {
      title: 'Teams on every device',
      text: 'Invite photographers and managers, each with their own sign-in and role, and see who uploaded and sold what.',
    },
    {
      title: 'Offline queue',
      text: 'Keep working without signal: photos wait on your device and upload by themselves when the connection returns, even after the app was closed.',
    },
    {
      title: 'Auto-import',
      text: 'Choose a folder on your computer, such as a camera card, in Chrome or Edge: new photos in it join the gallery without picking them by hand.',
    },
    {
      title: 'Public galleries',
      text: 'One page for a whole event: guests browse watermarked previews, pick their photos and pay by card.',
    },
    {
      title: 'Find my photos',
      text: 'Guests take a selfie and see the photos of a public gallery they appear in, instead of scrolling through the whole event.',
    },
    {
      title: 'Earnings dashboard',
      text: 'See your sales and net earnings month by month, your average order and best-selling galleries, for every order its fees, what you keep and when it reaches your bank, and a CSV of your sales for your accountant.',
    },
    {
      title: 'Expiry reminders',
      text: 'Customers get an email 7 days and 1 day before their access to the photos ends, with one-click unsubscribe, and you can give any order more days from your orders list.',
    },
    {
      title: 'Paid extensions',
      text: `Customers whose access has ended buy ${ORDER_AVAILABLE_DAYS} more days themselves, at the price you set on the order, paid by card like any order.`,
    },
    {
      title: 'What customers did',
      text: 'See how often each order link and public gallery was opened, how many photos were viewed and downloaded, and how many guests searched, picked and paid: counts only, no cookies, no tracking.',
    },
    {
      title: 'Stripe payouts',
      text: `Payments go to your own connected Stripe account and are paid out ${PAYOUT_DELAY_DAYS} days after the customer pays.`,
    },
  ] satisfies TitledText[],
  comingSoonHeading: 'Coming soon',
  comingSoonBadge: 'Coming soon',
  // What does not ship yet; a feature moves up to `features` the day it does.
  comingSoon: [] satisfies TitledText[],
  installHeading: 'Install the seller app',
  install:
    'The seller app installs from your browser: no store needed. Sign in on your phone or computer, open your galleries, then:',
  installSteps: [
    { title: 'iPhone and iPad', text: 'In Safari, tap Share, then Add to Home Screen.' },
    { title: 'Android', text: 'In Chrome, tap the menu, then Install app.' },
    { title: 'Computer', text: 'In Chrome or Edge, choose Install in the address bar.' },
  ] satisfies TitledText[],
  installNote:
    'The app opens at your galleries, keeps your upload queue when the signal drops, and updates itself.',
  videoLabel: 'A phone receiving a gallery of photos, ready to download',
  moreHeading: 'Learn more',
  links: {
    upload: 'Photo upload guide',
    payments: 'How payments work',
    growth: 'Growth analytics',
  },
} as const;

export const paymentsGuideTexts = {
  title: 'How Payments Work',
  metaDescription: `Customers pay by card through Stripe Connect; Shutterlane takes a ${PLATFORM_FEE_PERCENT}% commission per transaction and payouts arrive ${PAYOUT_DELAY_DAYS} days after payment.`,
  intro:
    'Shutterlane uses Stripe Connect: your customers pay by card, and the money goes to your own connected Stripe account, not through a shared pot.',
  factsLabel: 'Payments at a glance',
  facts: [
    { title: 'Commission', text: `${PLATFORM_FEE_PERCENT}% per successful transaction, plus Stripe’s fees` },
    { title: 'Payouts', text: `${PAYOUT_DELAY_DAYS} days after the customer pays` },
    { title: 'Onboarding', text: `About ${CONNECT_ONBOARDING_MINUTES} minutes` },
    {
      title: 'Verification',
      text: `Usually instant, at most ${CONNECT_VERIFICATION_BUSINESS_DAYS} business days`,
    },
  ] satisfies TitledText[],
  stepsHeading: 'From sign-up to payout',
  steps: [
    {
      title: 'Connect your Stripe account',
      text: `Start Stripe’s onboarding from your Shutterlane account. It takes about ${CONNECT_ONBOARDING_MINUTES} minutes: your business details, your identity and the bank account for payouts.`,
    },
    {
      title: 'Stripe verifies your details',
      text: `Verification is usually instant and at most ${CONNECT_VERIFICATION_BUSINESS_DAYS} business days. You can use Shutterlane straight away; card payments are switched on once your account is verified.`,
    },
    {
      title: 'Customers pay by card',
      text: 'A customer opening a paid order pays on Stripe’s secure checkout page, then gets the photos at once. They need no account and no app.',
    },
    {
      title: 'You get paid',
      text: `Each payment, less the commission and Stripe’s fees, is paid out to your bank ${PAYOUT_DELAY_DAYS} days after the customer paid.`,
    },
  ] satisfies TitledText[],
  feesHeading: 'Fees',
  fees: `Shutterlane charges a ${PLATFORM_FEE_PERCENT}% commission per successful transaction, plus Stripe’s processing fees. Free orders and unpaid orders cost nothing.`,
  feeExample: (total: number) =>
    `For example, on a ${gbp(total)} order Shutterlane’s commission is ${gbp((total * PLATFORM_FEE_PERCENT) / 100)}; Stripe’s card fee depends on the card and the country it comes from.`,
  // docs/decisions.md, "Losses and the webhook's source": direct charges, Stripe liable for what a seller cannot pay back.
  refundsHeading: 'Refunds and disputes',
  refunds: [
    'Payments are made on your own Stripe account, so refunds, and disputes you lose, come out of your Stripe balance: the amount refunded or disputed, and Stripe’s dispute fee. Stripe keeps its card fee on a refunded payment, and our commission stays charged, except on a duplicate payment we refund automatically.',
    'If a refund or a dispute takes more than your balance holds, your Stripe balance goes negative. Stripe recovers it from your next sales or from the bank account your payouts go to; Shutterlane does not cover it.',
    'Disputes are answered with evidence through Stripe. Your Stripe Express dashboard cannot submit it, so send your evidence to Support and we submit it to Stripe for you.',
  ],
  existingAccountHeading: 'Already have a Stripe account?',
  existingAccount:
    'Enterprise users may connect an existing standard Stripe account instead of creating a new one. Get in touch through Support and we will set it up with you.',
  supportLink: 'Contact Support',
  plansHeading: 'Plans',
  plans:
    'Plans are monthly rolling, each with its own upload limit. Upgrade at any time; a downgrade takes effect at the next billing period.',
  pricingLink: 'See pricing',
  videoLabel: 'A customer entering card details and the payment succeeding',
} as const;

const maxUploadMegabytes = MAX_UPLOAD_BYTES / (1024 * 1024);

export const uploadGuideTexts = {
  title: 'Photo Upload Guide',
  metaDescription:
    'Upload photos to Shutterlane in four steps: transfer photos, create an event, choose original or optimized quality, and select from your gallery or files.',
  intro: 'From camera to customer in four steps.',
  stepsHeading: 'Four steps',
  steps: [
    {
      title: 'Transfer photos',
      text: 'Move the photos from your camera to your phone or computer, with the camera’s Wi-Fi app, a card reader or a cable. Photos taken on your phone are ready to go.',
    },
    {
      title: 'Create event',
      text: 'Create an event for the shoot, such as “Harbour Sunset Cruise, Saturday”. Everything you upload for it stays together, and orders are made from it.',
    },
    {
      title: 'Choose original or optimized quality',
      text: `Original keeps the full-resolution files for customers who print or edit. Optimized prepares smaller copies, at most ${OPTIMIZED_MAX_PX} px on the longest side, that download quickly and suit social media.`,
    },
    {
      title: 'Select from gallery or file system',
      text: 'On a phone, pick the photos from your gallery; on a computer, choose the files. Uploads carry on in the background and each photo appears in the event once it is processed.',
    },
  ] satisfies TitledText[],
  tip: `Files up to ${maxUploadMegabytes} MB each: JPEG, PNG, WebP, TIFF, AVIF or GIF.`,
  nextHeading: 'Next: share and sell',
  next: 'Create an order from the event, then share its link or QR code with your customer.',
  paymentsLink: 'How payments work',
  imageAlt: 'The new-event screen with a choice of Original or Optimized quality',
} as const;

export const growthTexts = {
  title: 'Growth Analytics',
  metaDescription:
    'The Shutterlane earnings dashboard: sales and net earnings month by month, average order, best-selling galleries, upload usage and uploads per team member, with every order’s fees, net and payout date.',
  intro:
    'The earnings dashboard keeps your business in view: what sold, what each sale earned you and when it reaches your bank.',
  tracksHeading: 'What it tracks',
  tracks: [
    {
      title: 'Sales',
      text: 'Your total sales, orders and photos, on the dashboard as soon as a payment succeeds.',
    },
    {
      title: 'Month by month',
      text: 'Sales, fees, refunds and net earnings for the last 12 months, with your orders and average order.',
    },
    { title: 'Best sellers', text: 'The galleries and public galleries that sold the most.' },
    {
      title: 'Sales exports',
      text: 'A spreadsheet of your sales for any dates, with fees, refunds and payout dates, ready for your accountant.',
    },
    {
      title: 'Every order',
      text: 'The orders list shows each order’s price, Stripe’s fee, our commission, what you keep and any refund.',
    },
    {
      title: 'Payouts',
      text: `The payout date of each paid order: it reaches your bank ${PAYOUT_DELAY_DAYS} days after the customer paid.`,
    },
    {
      title: 'Paid, free and waiting',
      text: 'Sales apart from the orders still waiting for payment, so you can follow up on them.',
    },
    { title: 'Upload usage', text: 'How much of your plan’s monthly upload limit you have used.' },
    {
      title: 'Your team',
      text: 'How many photos each member uploaded this month, and who created each order.',
    },
  ] satisfies TitledText[],
  growHeading: 'Use it to grow',
  grow: [
    'Compare months to see what a new location, season or price did for your sales.',
    'After an event, check what each order earned after fees, and when the money arrives.',
    'See which orders are still waiting for payment, and send the link again while the event is fresh.',
    'Check your upload usage before a busy weekend and upgrade in time.',
  ],
  imageAlt: 'The earnings dashboard with total sales, orders and photos',
  paymentsLink: 'How payments work',
} as const;
