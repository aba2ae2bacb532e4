/** The command line of `npm run stripe:setup`. */
import { httpsUrlFlag, UsageError } from '../cli';
import { parseArgs } from 'node:util';

export interface SetupFlags {
  /** The webhook URL Stripe calls, e.g. `https://shutterlane.com/api/webhooks/stripe`. */
  url: string;
  /**
   * The site's origin, for the portal's policy links and return URL; default the webhook URL's origin
   * (the same in a deployment; locally the webhook goes to the gateway, the pages to the web app).
   */
  siteUrl?: string;
  /** Show what would change without changing anything. */
  dryRun: boolean;
}

export const USAGE = `Usage: npm run stripe:setup -- --url https://<site>/api/webhooks/stripe [--site-url https://<site>] [--dry-run]

Creates or updates, through Stripe's API, the webhook endpoints the webhook function needs (platform
events, and connected accounts' events) and the billing portal configuration of the plans. Prints each
new endpoint's signing secret once, with the Secrets Manager secret it belongs in.

Environment: STRIPE_SECRET_KEY (required), STRIPE_API_URL (another API host, e.g. the local emulator).`;

export { UsageError };

/**
 * Stripe calls the endpoint over the internet, so the URL is https (the site's too); plain http is
 * accepted only for a loopback host, which is where the local Stripe emulator delivers (Stripe itself
 * refuses those).
 */
export const checkWebhookUrl = (value: string, flag = '--url'): string => {
  const url = httpsUrlFlag(value, flag);
  if (url.search !== '' || url.hash !== '')
    throw new UsageError(`${flag} takes no query or fragment: ${value}`);
  return url.href;
};

/** Undefined when help was asked for. */
export const parseSetupFlags = (argv: readonly string[]): SetupFlags | undefined => {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        url: { type: 'string' },
        'site-url': { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values } = parsed;
  if (values.help) return undefined;
  if (values.url === undefined) throw new UsageError('--url is required');
  const siteUrl =
    values['site-url'] === undefined ? undefined : checkWebhookUrl(values['site-url'], '--site-url');
  return {
    url: checkWebhookUrl(values.url),
    dryRun: values['dry-run'],
    ...(siteUrl !== undefined && { siteUrl: new URL(siteUrl).origin }),
  };
};
