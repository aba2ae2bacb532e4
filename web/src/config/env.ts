/**
 * The SPA's configuration at run time. web/vite.config.ts parses the variables with the zod schema of
 * env-schema.ts before serving or building and writes the parsed values (defaults applied) into the
 * bundle, so reading them here needs no validation code in the browser.
 */
import type { CoreEnvName, WebEnv } from './env-schema';

export type { WebEnv };

/** The core settings; the rest are read where they are used (see CoreEnvName). */
export function getEnv(): Pick<WebEnv, CoreEnvName> {
  return {
    VITE_CAPTCHA_SITE_KEY: import.meta.env.VITE_CAPTCHA_SITE_KEY,
    VITE_CAPTCHA_SCRIPT_URL: import.meta.env.VITE_CAPTCHA_SCRIPT_URL,
    VITE_SUPPORT_EMAIL: import.meta.env.VITE_SUPPORT_EMAIL,
    VITE_STRIPE_PRICING_TABLE_ID: import.meta.env.VITE_STRIPE_PRICING_TABLE_ID,
    VITE_STRIPE_PUBLISHABLE_KEY: import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY,
  };
}
