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

export interface TitledText {
  title: string;
  text: string;
}

const gbp = (amount: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(amount);

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
      text: 'Several photographers and devices upload to the same galleries, so the whole crew sells from one account.',
    },
    {
      title: 'Earnings dashboard',
      text: 'See what you sold, which orders were paid and what is on its way to your bank.',
    },
    {
      title: 'Stripe payouts',
      text: `Payments go to your own connected Stripe account and are paid out ${PAYOUT_DELAY_DAYS} days after the customer pays.`,
    },
  ] satisfies TitledText[],
  comingSoonHeading: 'Coming soon',
  comingSoonBadge: 'Coming soon',
  comingSoon: [
    { title: 'Offline queue', text: 'Keep working without signal; uploads send when you are back online.' },
    {
      title: 'Auto-import',
      text: 'New photos from your camera join the event without picking them by hand.',
    },
    { title: 'Public galleries', text: 'A gallery page for an event, where guests can find their photos.' },
    { title: 'Facial recognition', text: 'Customers find the photos they appear in with a quick selfie.' },
  ] satisfies TitledText[],
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
    'The Shutterlane earnings dashboard: earnings, paid and free orders, photos sold, average order value, payouts and upload usage.',
  intro:
    'The earnings dashboard keeps your business in view: what sold, what was paid and what is on its way to your bank.',
  tracksHeading: 'What it tracks',
  tracks: [
    { title: 'Earnings', text: 'What you have earned, month by month.' },
    { title: 'Orders', text: 'Paid and free orders with their totals, so you see how many customers buy.' },
    { title: 'Photos sold', text: 'How many photos went to customers, across all your events.' },
    { title: 'Average order', text: 'What a paying customer spends, to help you price your next event.' },
    {
      title: 'Payouts',
      text: `What is on its way to your bank and when: each payment is paid out ${PAYOUT_DELAY_DAYS} days after the customer paid.`,
    },
    { title: 'Upload usage', text: 'How much of your plan’s monthly upload limit you have used.' },
  ] satisfies TitledText[],
  growHeading: 'Use it to grow',
  grow: [
    'Compare months to see what a new location, season or price did for your sales.',
    'See how many of your orders are paid and how many are free, and adjust your offer.',
    'Check your upload usage before a busy weekend and upgrade in time.',
  ],
  imageAlt: 'The earnings dashboard with monthly earnings, orders and the next payout',
  paymentsLink: 'How payments work',
} as const;
