/**
 * Texts of the seller's screens that several features, or the shared components (web/src/components),
 * use; a text only one feature uses lives in that feature. The spec does not show the seller tools
 * (the original used mobile apps), so the words are ours except those marked "spec".
 */
export const sellerCommonTexts = {
  // The Advanced-plan notice (components/advanced-required.tsx) and its link to /pricing
  advancedRequired: 'Advanced Subscription Required', // spec
  advancedRequiredText: 'Card payments come with the Advanced plan. Choose it to sell photos by card.',
  viewPricingPlans: 'View Pricing Plans', // spec

  // The seller area's navigation, paged lists, monthly usage (components/usage-bar.tsx) and close buttons
  galleries: 'Galleries',
  orders: 'Orders',
  loadMore: 'Load more',
  loading: 'Loading…',
  usage: 'Uploads this month',
  usageLine: (used: number, limit: number) => `${used} of ${limit} photos`,
  close: 'Close',

  // Who made something, in a team's lists (lib/use-team-directory.ts)
  formerMember: 'a former member',
  formerMemberName: (name: string) => `${name} (former member)`,

  // Orders and their links (components/link-share.tsx, components/order-link-share.tsx)
  freeOrder: 'Free',
  orderLink: 'Order link',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  qrCode: (orderId: string) => `QR code for order ${orderId}`,
  downloadPng: 'Download PNG',
  downloadSvg: 'Download SVG',
  photos: 'Photos',
  open: 'Open',
} as const;
