/**
 * The SPA's configuration, checked with zod when Vite starts (web/vite.config.ts), so a build or dev
 * server with a missing or malformed value fails at once instead of as a silent captcha failure on a
 * customer's phone. Checking at build time keeps zod (about 5 KB gzip) out of every page.
 *
 * What `vite build` writes may be deployed, so a build also needs the company details of the footer
 * (VITE_COMPANY_*, web/src/config/company.ts), which the dev server and tests leave plainly unset.
 *
 * Seller sign-in has no build setting: the SPA reads its user pool from `/runtime-config.json` at run
 * time (web/src/lib/auth/auth-config.ts), locally as in a deployment.
 */
// Namespace import: with `import { z }` some bundlers keep all of zod (about 80 KB gzip).
import * as z from 'zod/mini';
// With its extension, as Vite's native config loader wants (web/vite.config.ts loads this file).
import {
  NO_SOCIAL_LINKS,
  SOCIAL_LINK_SEPARATOR,
  COMPANY_LIST_SEPARATOR,
  UNSET_COMPANY_DETAILS,
  splitCompanyList,
  splitSocialLink,
} from './company.ts';

/** `vite build` (its output may be deployed) or the dev server and tests. */
export type WebEnvTarget = 'build' | 'dev';

/** A build-time on/off switch written as 'true' or 'false'. */
const flag = (fallback: 'true' | 'false') => z._default(z.enum(['true', 'false']), fallback);

const baseShape = {
  /** reCAPTCHA v3 site key (public). Locally, the stand-in's key. */
  VITE_CAPTCHA_SITE_KEY: z.string().check(z.minLength(1)),
  /** Google's script in production; locally the stub with the same API (absolute or site-relative). */
  VITE_CAPTCHA_SCRIPT_URL: z._default(
    z.string().check(z.minLength(1)),
    'https://www.google.com/recaptcha/api.js',
  ),
  /** The support mailbox ({email} in the spec). */
  VITE_SUPPORT_EMAIL: z._default(z.email(), 'support@shutterlane.com'),
  /** Stripe's embedded pricing table on /pricing when both are set; our plan cards otherwise. */
  VITE_STRIPE_PRICING_TABLE_ID: z._default(z.string(), ''),
  VITE_STRIPE_PUBLISHABLE_KEY: z._default(z.string(), ''),
  /** Optional second pricing table styled for dark mode (Stripe's tables have no theme switch). */
  VITE_STRIPE_PRICING_TABLE_ID_DARK: z._default(z.string(), ''),
  /**
   * The content store (Sanity). Empty project id: no content configured, content sections show their
   * error state. Locally local points the API host at the bundled-dataset content API; empty
   * host means Sanity's own API.
   */
  VITE_SANITY_PROJECT_ID: z._default(z.string(), ''),
  VITE_SANITY_DATASET: z._default(z.string().check(z.minLength(1)), 'production'),
  VITE_SANITY_API_HOST: z._default(z.string(), ''),
  /** The public site's origin: canonical links, sitemap and robots.txt. */
  VITE_SITE_ORIGIN: z._default(z.url(), 'https://shutterlane.com'),
  /** The staging site's origin: with the main host and its www twin, the hosts a canonical URL may name. */
  VITE_STAGING_ORIGIN: z._default(z.url(), 'https://staging.shutterlane.com'),
  /** Feature flags (spec section 2 "Global chrome"), 'true' or 'false', with the spec's defaults. */
  VITE_FLAG_FEATURES: flag('true'),
  VITE_FLAG_PRICING: flag('true'),
  VITE_FLAG_APP_STORE_LINKS: flag('true'),
  VITE_FLAG_WAYS_TO_USE: flag('false'),
  VITE_FLAG_WAITING_LIST: flag('false'),
  VITE_FLAG_ALBUMS_AND_ORDERS: flag('false'),
  /**
   * App store listings of the seller app (the hero's and /app's badges): empty, no badge shows, and /app
   * explains how to install the seller app from the browser.
   */
  VITE_APP_STORE_URL: z._default(z.union([z.literal(''), z.url()]), ''),
  VITE_PLAY_STORE_URL: z._default(z.union([z.literal(''), z.url()]), ''),
  /** The external support portal and the second support mailbox of /support. */
  VITE_SUPPORT_PORTAL_URL: z._default(z.url(), 'https://help.shutterlane.com'),
  VITE_BILLING_EMAIL: z._default(z.email(), 'billing@shutterlane.com'),
  /** Analytics (Google tag) and the tracking pixel (Meta): empty, nothing loads; set, they load only after consent. */
  VITE_GA_MEASUREMENT_ID: z._default(z.string(), ''),
  VITE_META_PIXEL_ID: z._default(z.string(), ''),
};

/** The company details of the footer: a build needs each of them (docs/deploy.md). */
export const COMPANY_SETTING_NAMES = [
  'VITE_COMPANY_LEGAL_NAME',
  'VITE_COMPANY_REGISTRATION',
  'VITE_COMPANY_ADDRESS',
  'VITE_COMPANY_SOCIAL_LINKS',
] as const;
export type CompanySettingName = (typeof COMPANY_SETTING_NAMES)[number];

const REQUIRED_BY_BUILD = "required by `vite build` (the footer's company details; see docs/deploy.md)";

/** A company setting's text; its absence is named as what a build needs. */
const companyText = () =>
  z.string({ error: (issue) => (issue.input === undefined ? REQUIRED_BY_BUILD : 'must be text') });

function addressProblems(value: string): string[] {
  const lines = splitCompanyList(value);
  if (lines.length === 0) return ['needs at least one address line'];
  return lines.some((line) => line === '')
    ? [`has an empty line: write the lines separated by '${COMPANY_LIST_SEPARATOR}', none blank`]
    : [];
}

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

function socialLinksProblems(value: string): string[] {
  if (value === NO_SOCIAL_LINKS) return [];
  const format = `write Name${SOCIAL_LINK_SEPARATOR}https://… entries separated by '${COMPANY_LIST_SEPARATOR}', or '${NO_SOCIAL_LINKS}'`;
  const entries = splitCompanyList(value);
  if (entries.length === 0) return [`is empty: ${format}`];
  const problems: string[] = [];
  const names = new Set<string>();
  for (const entry of entries) {
    const { name, href } = splitSocialLink(entry);
    if (name === '') problems.push(`"${entry}" has no name: ${format}`);
    else if (names.has(name)) problems.push(`names "${name}" twice`);
    names.add(name);
    if (!isHttpsUrl(href)) problems.push(`"${entry}" needs an https:// URL: ${format}`);
  }
  return problems;
}

/** A check that reports each problem `problems` finds in the value. */
const reportProblems = (problems: (value: string) => string[]) =>
  z.superRefine<string>((value, ctx) => {
    for (const message of problems(value)) ctx.addIssue({ code: 'custom', message, input: value });
  });

/** The form the bundle carries: parts trimmed, `none` as empty (web/src/config/company.ts splits it). */
const joinList = (parts: string[]) => parts.join(COMPANY_LIST_SEPARATOR);
const normalSocialLinks = (value: string) =>
  value === NO_SOCIAL_LINKS
    ? ''
    : joinList(
        splitCompanyList(value).map((entry) => {
          const { name, href } = splitSocialLink(entry);
          return `${name}${SOCIAL_LINK_SEPARATOR}${href}`;
        }),
      );

const companyShape = {
  /** The company's registered name, e.g. `Example Photos Ltd`; also the copyright line's holder. */
  VITE_COMPANY_LEGAL_NAME: companyText().check(z.trim(), z.minLength(1, 'must not be blank')),
  /** The registration line, e.g. `Registered in England and Wales. Company number <number>.` */
  VITE_COMPANY_REGISTRATION: companyText().check(z.trim(), z.minLength(1, 'must not be blank')),
  /** The postal (registered office) address, lines separated by `|`. */
  VITE_COMPANY_ADDRESS: companyText().check(
    z.trim(),
    reportProblems(addressProblems),
    z.overwrite((value) => joinList(splitCompanyList(value))),
  ),
  /** Social links, `Name=https://…` entries separated by `|`, or `none`. */
  VITE_COMPANY_SOCIAL_LINKS: companyText().check(
    z.trim(),
    reportProblems(socialLinksProblems),
    z.overwrite(normalSocialLinks),
  ),
};

/** The dev server's and tests' values: plainly unset, no address, no social links. */
const unsetCompanyShape = {
  VITE_COMPANY_LEGAL_NAME: z._default(companyShape.VITE_COMPANY_LEGAL_NAME, UNSET_COMPANY_DETAILS.legalName),
  VITE_COMPANY_REGISTRATION: z._default(
    companyShape.VITE_COMPANY_REGISTRATION,
    UNSET_COMPANY_DETAILS.registration,
  ),
  VITE_COMPANY_ADDRESS: z._default(companyShape.VITE_COMPANY_ADDRESS, UNSET_COMPANY_DETAILS.address),
  VITE_COMPANY_SOCIAL_LINKS: z._default(
    companyShape.VITE_COMPANY_SOCIAL_LINKS,
    UNSET_COMPANY_DETAILS.socialLinks,
  ),
};

/** Nor does a build take the dev server's placeholders (copied from a dev server's settings, say). */
const notPlaceholder = (placeholder: string) =>
  z.refine<string>((value) => value !== placeholder, `is the dev server's placeholder "${placeholder}"`);
const buildCompanyShape = {
  ...companyShape,
  VITE_COMPANY_LEGAL_NAME: companyShape.VITE_COMPANY_LEGAL_NAME.check(
    notPlaceholder(UNSET_COMPANY_DETAILS.legalName),
  ),
  VITE_COMPANY_REGISTRATION: companyShape.VITE_COMPANY_REGISTRATION.check(
    notPlaceholder(UNSET_COMPANY_DETAILS.registration),
  ),
};

/** A build requires the company settings; the dev server and tests fall back to plainly unset values. */
const webEnvSchema = (target: WebEnvTarget) =>
  z.object({ ...baseShape, ...(target === 'build' ? buildCompanyShape : unsetCompanyShape) });
export type WebEnv = z.infer<ReturnType<typeof webEnvSchema>>;

/**
 * The variables getEnv() returns. The others (content store, site origins, feature flags, app-store
 * links, analytics, the footer's company details) are read from import.meta.env by the module that
 * uses them, so the entry chunk does not carry them.
 */
export type CoreEnvName =
  | 'VITE_CAPTCHA_SITE_KEY'
  | 'VITE_CAPTCHA_SCRIPT_URL'
  | 'VITE_SUPPORT_EMAIL'
  | 'VITE_STRIPE_PRICING_TABLE_ID'
  | 'VITE_STRIPE_PUBLISHABLE_KEY';

/** A blank company setting (an empty CI variable, `VITE_COMPANY_ADDRESS=` in a .env file) counts as not made. */
function withoutBlankCompanySettings(source: Record<string, unknown>): Record<string, unknown> {
  const kept = { ...source };
  for (const name of COMPANY_SETTING_NAMES) {
    const value = kept[name];
    if (typeof value === 'string' && value.trim() === '') delete kept[name];
  }
  return kept;
}

/**
 * Parses the variables for a build (`vite build`: the company details are required) or for the dev
 * server and tests (the default: they fall back to plainly unset values). Throws naming every missing or
 * invalid variable, each with what is wrong.
 */
export function parseWebEnv(source: Record<string, unknown>, target: WebEnvTarget = 'dev'): WebEnv {
  const result = webEnvSchema(target).safeParse(withoutBlankCompanySettings(source));
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({
      name: issue.path.join('.'),
      message: issue.message,
    }));
    const fields = [...new Set(issues.map((issue) => issue.name))].join(', ');
    const details = issues.map((issue) => `\n  ${issue.name}: ${issue.message}`).join('');
    throw new Error(`Invalid SPA configuration, set these VITE_ variables: ${fields}${details}`);
  }
  return result.data;
}

/**
 * Plainly fake company settings for builds nobody deploys (benchmarks, bundle checks), of about the
 * length of real ones so the bytes measured are alike. `purpose` names the build in the legal name.
 */
export function exampleCompanySettings(purpose: string): Record<CompanySettingName, string> {
  return {
    VITE_COMPANY_LEGAL_NAME: `Example Photos Ltd (${purpose})`,
    VITE_COMPANY_REGISTRATION: `Not a real company: no registration (${purpose}).`,
    VITE_COMPANY_ADDRESS: 'Example Street (not a real address)|Example Town|Example Country',
    VITE_COMPANY_SOCIAL_LINKS:
      'Instagram=https://example.com/instagram|LinkedIn=https://example.com/linkedin',
  };
}
