/** Texts of the footer (public document, section 2 "Global chrome"); the company details are build settings (config/company.ts). */
export const footerTexts = {
  label: 'Site information', // ours
  linksLabel: 'Company and legal', // ours
  socialLabel: 'Shutterlane on social media', // ours
  contactUs: 'Contact Us',
  support: 'Support',
  privacyPolicy: 'Privacy Policy',
  termsOfService: 'Terms of Service',
  acceptableUsePolicy: 'Acceptable Use Policy',
  cancellationRefund: 'Cancellation & Refunds', // ours
  useCasesLabel: 'Use cases', // ours
  /** Use-case pages of the content store, by slug (a unit test checks each exists in the bundled dataset). */
  useCases: [
    { slug: 'event-photographers', label: 'Event photographers' },
    { slug: 'tour-operators', label: 'Tour operators' },
    { slug: 'dive-centres', label: 'Dive centres' },
  ],
  changeCookiePreferences: 'Change Cookie Preferences',
  copyright: (year: number, legalName: string) => `© ${year} ${legalName}. All rights reserved.`, // ours
} as const;
