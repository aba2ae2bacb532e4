/**
 * The company details of the footer (public document, section 2 "Global chrome": legal name,
 * registration line, postal address, social links). The spec leaves them out: these are ours and
 * MUST be confirmed by the business before launch (docs/decisions.md, issue 8).
 */
export const companyDetails = {
  legalName: 'Shutterlane Ltd', // ours: to confirm
  registration: 'Registered in England and Wales. Company number 14872305.', // ours: to confirm
  postalAddress: ['71-75 Shelton Street', 'London', 'WC2H 9JQ', 'United Kingdom'], // ours: to confirm
  socialLinks: [
    { name: 'Instagram', href: 'https://www.instagram.com/shutterlane' },
    { name: 'Facebook', href: 'https://www.facebook.com/shutterlane' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/shutterlane' },
    { name: 'X', href: 'https://x.com/shutterlane' },
  ], // ours: to confirm
} as const;
