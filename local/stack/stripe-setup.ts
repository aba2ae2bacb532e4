/**
 * Stripe set up locally as a deployment sets it up: `npm run stripe:setup`'s own code creates the
 * webhook endpoints (platform and Connect) and the plans' portal configuration in the emulator, and the
 * endpoints' signing secrets become the local values of the secrets the templates name.
 */
import { SETTING_DEFAULTS } from '../../infra/stacks/settings';
import { runStripeSetup } from '../../ops/stripe-setup/run';
import { LOCAL_SECRETS } from './config';
import type { StripeEmulator } from '@shutterlane/stripe-emulator';

/** Runs the set-up against the emulator; returns the webhook secrets by their Secrets Manager names. */
export async function setUpLocalStripe(
  emulator: StripeEmulator,
  urls: { webhook: string; site: string },
): Promise<Record<string, string>> {
  const result = await runStripeSetup(
    { url: urls.webhook, siteUrl: urls.site, dryRun: false },
    { write: () => undefined },
    { STRIPE_SECRET_KEY: LOCAL_SECRETS.stripeSecretKey, STRIPE_API_URL: emulator.url },
  );
  if (result.problems.length > 0) throw new Error(`Local Stripe set-up: ${result.problems.join('; ')}`);
  const endpoints = emulator.webhookEndpointSecrets().filter((endpoint) => endpoint.url === urls.webhook);
  const secretOf = (connect: boolean) => {
    const endpoint = endpoints.find((candidate) => candidate.connect === connect);
    if (!endpoint)
      throw new Error(`Local Stripe set-up made no ${connect ? 'Connect' : 'platform'} endpoint`);
    return endpoint.secret;
  };
  return {
    [SETTING_DEFAULTS.stripeWebhookSecret]: secretOf(false),
    [SETTING_DEFAULTS.stripeConnectWebhookSecret]: secretOf(true),
  };
}
