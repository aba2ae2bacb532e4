/** Texts of the cookie banner (public document, section 2 "Global chrome"; button labels quoted). */
export const cookieConsentTexts = {
  label: 'Cookie preferences', // ours
  heading: 'We value your privacy', // ours
  intro:
    'We use essential cookies to run this site. With your permission we also use analytics cookies to understand how it is used and marketing cookies to measure our advertising.', // ours
  privacyLink: 'Privacy Policy',
  acceptAll: 'Accept All',
  rejectNonEssential: 'Reject Non-Essential',
  customize: 'Customize',
  savePreferences: 'Save Preferences',
  categoriesLegend: 'Cookie categories', // ours
  categories: {
    functional: { label: 'Functional', hint: 'Always on: sign-in, security and your settings.' }, // ours
    analytics: { label: 'Analytics', hint: 'Helps us understand which pages are useful.' }, // ours
    marketing: { label: 'Marketing', hint: 'Measures our advertising on other sites.' }, // ours
  },
} as const;
