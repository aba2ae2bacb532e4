/**
 * `npm run stripe:setup`: the Stripe side of a deployment, made through Stripe's API and safe to run
 * again. It keeps two webhook endpoints at the webhook URL (platform events; connected accounts'
 * events) subscribed to exactly the event types of the webhook function's table, and the billing
 * portal configuration of the plans. Only what differs is changed; a second run changes nothing.
 * Tests and the local stack call `runStripeSetup` in-process and read the secrets from its result.
 */
import { setUpWebhookEndpoints, type EndpointOutcome } from './apply-endpoints';
import { setUpPortalConfiguration, type PortalOutcome } from './apply-portal';
import { readSetupEnvironment, stripeClient, stripeMode } from './environment';
import type { SetupFlags } from './flags';
import { endpointLines, portalLines, secretsNextSteps } from './report';

export interface OutputWriter {
  write(text: string): unknown;
}

export interface SetupResult {
  mode: 'live' | 'test';
  dryRun: boolean;
  url: string;
  endpoints: EndpointOutcome[];
  portal: PortalOutcome;
  /** Things to tidy up by hand (endpoints that also receive the events). */
  notes: string[];
  /** What the command cannot fix; the command exits with 1 when there are any. */
  problems: string[];
}

export async function runStripeSetup(
  flags: SetupFlags,
  out: OutputWriter,
  env: Readonly<Record<string, string | undefined>>,
): Promise<SetupResult> {
  const settings = readSetupEnvironment(env);
  const client = stripeClient(settings);
  const mode = stripeMode(settings.STRIPE_SECRET_KEY);
  const print = (lines: readonly string[]) => lines.forEach((line) => out.write(`${line}\n`));
  print([
    `Stripe set-up in ${mode} mode for ${flags.url}${flags.dryRun ? ' (dry run: nothing changes)' : ''}`,
  ]);

  const endpoints = await setUpWebhookEndpoints(client, flags.url, flags.dryRun);
  print(endpoints.outcomes.flatMap(endpointLines));
  const siteOrigin = new URL(flags.siteUrl ?? flags.url).origin;
  const portal = await setUpPortalConfiguration(client, siteOrigin, flags.dryRun);
  print(portalLines(portal));
  print([
    ...endpoints.notes.map((note) => `Note: ${note}`),
    ...endpoints.problems.map((p) => `Problem: ${p}`),
  ]);
  print(secretsNextSteps(endpoints.outcomes));

  return {
    mode,
    dryRun: flags.dryRun,
    url: flags.url,
    endpoints: endpoints.outcomes,
    portal,
    notes: endpoints.notes,
    problems: endpoints.problems,
  };
}
