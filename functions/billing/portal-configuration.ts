/**
 * The billing portal configuration of the plans, made by `npm run stripe:setup` (upgrade at once,
 * downgrade at the period end, cancel at the period end) and found by its metadata mark. The account's
 * default configuration is whatever the Dashboard holds (out of the box: no plan switching), so every
 * portal session names this one. Cached for the life of the process; a failure is not remembered.
 */
import type { Stripe } from '../lib/stripe';

/** The metadata key and value the set-up command marks its configuration with. */
export const SETUP_MARK = 'shutterlane_setup';
export const PORTAL_MARK = 'portal-plans';

export class PortalNotConfiguredError extends Error {
  constructor() {
    super('No billing portal configuration for the plans: run npm run stripe:setup (docs/deploy.md)');
  }
}

let found: Promise<string> | undefined;

async function findConfiguration(client: Stripe): Promise<string> {
  for await (const configuration of client.billingPortal.configurations.list({
    active: true,
    is_default: false,
  })) {
    if (configuration.metadata?.[SETUP_MARK] === PORTAL_MARK) return configuration.id;
  }
  throw new PortalNotConfiguredError();
}

export function plansPortalConfiguration(client: Stripe): Promise<string> {
  if (!found) {
    found = findConfiguration(client);
    found.catch(() => (found = undefined));
  }
  return found;
}
