/**
 * Texts of the support centre (/support). Quoted texts of the spec letter for letter; our own wording
 * where the spec shows none is marked "ours". Error texts live in shared/texts/errors.ts.
 */
export const supportTexts = {
  heading: 'Support Center', // ours (the spec calls the screen "support center")
  description:
    'Answers about Shutterlane accounts, data and privacy, orders, delivery and refunds, and how to reach our support team.', // ours
  intro: 'Find answers by topic, or contact our support team.', // ours
  tabsLabel: 'FAQ categories', // ours
  loading: 'Loading FAQs…', // ours
  empty: 'No questions have been published yet.', // ours
  copyLink: 'Copy Link',
  linkCopied: 'Link copied', // ours
  copyFailed: 'Could not copy: the link is now in the address bar.', // ours
  contactHeading: 'Still need help?', // ours
  portalLink: 'Visit the Support Portal', // ours
  portalNote: 'Guides, troubleshooting and support requests.', // ours
  supportMailboxLabel: 'General support:', // ours
  billingMailboxLabel: 'Billing and payments:', // ours
  opensInNewTab: '(opens in a new tab)', // ours
} as const;

/** FAQ category titles (public document, section 3), written only here; unknown ones show their key. */
export const supportCategoryTitles: Readonly<Record<string, string>> = {
  general: 'General Support',
  product: 'Product',
  shipping: 'Shipping',
  returns: 'Returns',
  account: 'Account Lifecycle',
  technical: 'Data Lifecycle & Privacy',
};
