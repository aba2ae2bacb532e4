/**
 * The SPA's configuration, checked with zod when Vite starts (web/vite.config.ts), so a build or dev
 * server with a missing or malformed value fails at once instead of as a silent captcha failure on a
 * customer's phone. Checking at build time keeps zod (about 5 KB gzip) out of every page.
 *
 * Seller sign-in has no build setting: the SPA reads its user pool from `/runtime-config.json` at run
 * time (web/src/lib/auth/auth-config.ts), locally as in a deployment.
 */
// Namespace import: with `import { z }` some bundlers keep all of zod (about 80 KB gzip).
import * as z from 'zod/mini';

/** A build-time on/off switch written as 'true' or 'false'. */
const flag = (fallback: 'true' | 'false') => z._default(z.enum(['true', 'false']), fallback);

export const WebEnvSchema = z.object({
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
  /** App store listings of the seller app (the hero's badges). */
  VITE_APP_STORE_URL: z._default(z.url(), 'https://apps.apple.com/app/shutterlane'),
  VITE_PLAY_STORE_URL: z._default(z.url(), 'https://play.google.com/store/apps/details?id=com.shutterlane'),
  /** The external support portal and the second support mailbox of /support. */
  VITE_SUPPORT_PORTAL_URL: z._default(z.url(), 'https://help.shutterlane.com'),
  VITE_BILLING_EMAIL: z._default(z.email(), 'billing@shutterlane.com'),
  /** Analytics (Google tag) and the tracking pixel (Meta): empty, nothing loads; set, they load only after consent. */
  VITE_GA_MEASUREMENT_ID: z._default(z.string(), ''),
  VITE_META_PIXEL_ID: z._default(z.string(), ''),
});
export type WebEnv = z.infer<typeof WebEnvSchema>;
/**
 * The variables getEnv() returns. The others (content store, site origins, feature flags, app-store
 * links, analytics) are read from import.meta.env by the module that uses them, so the entry chunk
 * does not carry them.
 */
export type CoreEnvName =
  | 'VITE_CAPTCHA_SITE_KEY'
  | 'VITE_CAPTCHA_SCRIPT_URL'
  | 'VITE_SUPPORT_EMAIL'
  | 'VITE_STRIPE_PRICING_TABLE_ID'
  | 'VITE_STRIPE_PUBLISHABLE_KEY';

/** Parses the variables; throws naming every missing or invalid one. */
export function parseWebEnv(source: Record<string, unknown>): WebEnv {
  const result = WebEnvSchema.safeParse(source);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Invalid SPA configuration, set these VITE_ variables: ${fields}`);
  }
  return result.data;
}
