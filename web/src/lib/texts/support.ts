/**
 * Texts of the support centre (/support) and the waiting-list page (/register-interest). Quoted texts
 * of the spec letter for letter; our own wording where the spec shows none is marked "ours". Error
 * texts live in shared/errors.ts.
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

/** FAQ category titles (public document, section 3); unknown categories show their raw key. */
export const supportCategoryTitles: Readonly<Record<string, string>> = {
  general: 'General Support',
  product: 'Product',
  shipping: 'Shipping',
  returns: 'Returns',
  account: 'Account Lifecycle',
  technical: 'Data Lifecycle & Privacy',
};

/** /register-interest: the waiting list, by email (the spec does not show this screen: all ours). */
export const registerInterestTexts = {
  heading: 'Join the Waitlist', // ours
  description: 'Ask to join the Shutterlane waiting list and hear as soon as we can open your account.', // ours
  intro:
    'Shutterlane is opening to new photographers and photo businesses in stages. Send us a short email and we will let you know as soon as there is a place for you.', // ours
  askBusinessType:
    'Tell us what kind of photography business you run (for example weddings, tours, diving or events), so we can prepare the right setup for you.', // ours
  emailButton: 'Email us to join the waitlist', // ours
  emailFallbackPrefix: 'Or write to', // ours
  mailSubject: 'Shutterlane waiting list', // ours
  mailBody:
    'Hello Shutterlane team,\n\nPlease add me to the waiting list.\n\nMy name:\nMy business type (for example weddings, tours, diving, events):\nWhere I work:\n\nThank you!', // ours
} as const;
