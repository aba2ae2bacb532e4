/**
 * The company details of the footer (public document, section 2 "Global chrome": legal name,
 * registration line, postal address, social links). The spec leaves them out and they must be the
 * operating company's real ones, so they are build settings (VITE_COMPANY_*), never constants here:
 * web/src/config/env-schema.ts checks them when Vite starts, `vite build` refuses to run without them,
 * and the dev server and tests show the plainly unset values below.
 *
 * Formats (one line each, so a shell variable, a CI setting and a web/.env file hold them alike):
 * - VITE_COMPANY_ADDRESS: the address lines separated by `|`, e.g. `<line 1>|<town>|<postcode>|United Kingdom`;
 * - VITE_COMPANY_SOCIAL_LINKS: `Name=https://…` entries separated by `|`, e.g.
 *   `Instagram=https://www.instagram.com/<account>|LinkedIn=https://www.linkedin.com/company/<account>`,
 *   or `none` for no social links.
 * The build writes them into the bundle in that form (trimmed, `none` as empty); this module only splits
 * them (no zod in the browser).
 */

/** Separates address lines and social links. */
export const COMPANY_LIST_SEPARATOR = '|';
/** Separates a social link's name from its URL (the first one: a URL may hold more). */
export const SOCIAL_LINK_SEPARATOR = '=';
/** VITE_COMPANY_SOCIAL_LINKS for a company without social links (a build needs the setting made). */
export const NO_SOCIAL_LINKS = 'none';

/** What the dev server and tests show when a setting is not made: nobody could take it for real details. */
export const UNSET_COMPANY_DETAILS = {
  legalName: 'Company name not set',
  registration: 'Company registration not set',
  /** No address lines and no social links: the footer then shows neither. */
  address: '',
  socialLinks: '',
} as const;

export interface SocialLink {
  name: string;
  href: string;
}

export interface CompanyDetails {
  legalName: string;
  registration: string;
  addressLines: string[];
  socialLinks: SocialLink[];
}

/** `a | b` → ['a', 'b']; an empty value → []. Parts are trimmed (a blank part stays, for the check to refuse). */
export function splitCompanyList(value: string): string[] {
  if (value.trim() === '') return [];
  return value.split(COMPANY_LIST_SEPARATOR).map((part) => part.trim());
}

/** `Name=https://…` → its name and URL, both trimmed; without a separator, an empty name. */
export function splitSocialLink(entry: string): SocialLink {
  const at = entry.indexOf(SOCIAL_LINK_SEPARATOR);
  if (at < 0) return { name: '', href: entry.trim() };
  return { name: entry.slice(0, at).trim(), href: entry.slice(at + 1).trim() };
}

/**
 * The details from the checked settings the build wrote into the bundle. Each is read by its full name:
 * the build replaces `import.meta.env.VITE_…` one by one (web/vite.config.ts), not `import.meta.env`.
 */
export function companyDetails(): CompanyDetails {
  return {
    legalName: import.meta.env.VITE_COMPANY_LEGAL_NAME,
    registration: import.meta.env.VITE_COMPANY_REGISTRATION,
    addressLines: splitCompanyList(import.meta.env.VITE_COMPANY_ADDRESS),
    socialLinks: splitCompanyList(import.meta.env.VITE_COMPANY_SOCIAL_LINKS).map(splitSocialLink),
  };
}
