/**
 * The SPA's configuration, checked with zod when Vite starts (web/vite.config.ts), so a build or dev
 * server with a missing or malformed value fails at once instead of as a silent captcha failure on a
 * customer's phone. Checking at build time keeps zod (about 5 KB gzip) out of every page.
 */
// Namespace import: with `import { z }` some bundlers keep all of zod (about 80 KB gzip).
import * as z from 'zod/mini';

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
  /**
   * Seller sign-in (Cognito). Empty in production builds: the SPA then reads the pool from
   * `/runtime-config.json`, which the site stack writes. Locally infra/local sets them, and the
   * endpoint points Amplify at the Cognito stand-in.
   */
  VITE_COGNITO_USER_POOL_ID: z._default(z.string(), ''),
  VITE_COGNITO_CLIENT_ID: z._default(z.string(), ''),
  VITE_COGNITO_ENDPOINT: z._default(z.string(), ''),
  /** Stripe's embedded pricing table on /pricing when both are set; our plan cards otherwise. */
  VITE_STRIPE_PRICING_TABLE_ID: z._default(z.string(), ''),
  VITE_STRIPE_PUBLISHABLE_KEY: z._default(z.string(), ''),
  /**
   * The content store (Sanity). Empty project id: no content configured, content sections show their
   * error state. Locally infra/local points the API host at the bundled-dataset content API; empty
   * host means Sanity's own API.
   */
  VITE_SANITY_PROJECT_ID: z._default(z.string(), ''),
  VITE_SANITY_DATASET: z._default(z.string().check(z.minLength(1)), 'production'),
  VITE_SANITY_API_HOST: z._default(z.string(), ''),
});
export type WebEnv = z.infer<typeof WebEnvSchema>;
/** Read by web/src/lib/content.ts directly, so the entry chunk does not carry them. */
export type ContentEnvName = 'VITE_SANITY_PROJECT_ID' | 'VITE_SANITY_DATASET' | 'VITE_SANITY_API_HOST';

/** Parses the variables; throws naming every missing or invalid one. */
export function parseWebEnv(source: Record<string, unknown>): WebEnv {
  const result = WebEnvSchema.safeParse(source);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Invalid SPA configuration, set these VITE_ variables: ${fields}`);
  }
  return result.data;
}
