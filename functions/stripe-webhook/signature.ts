/**
 * Which signing secret vouches for an event. Each Stripe webhook endpoint signs with its own secret:
 * the platform endpoint's for events on our account, the Connect endpoint's for events on connected
 * accounts (those carry `account`). An event counts as verified only by the secret of the endpoint
 * that can carry it, so a leaked Connect secret cannot forge a paid Checkout Session, nor the platform
 * secret an account update.
 *
 * Until a deployment has a Connect endpoint of its own (no Connect secret configured), connected-account
 * events are checked with the platform secret: the one-secret set-up used before (and by `stripe listen`).
 */
import type { Stripe } from '../lib/stripe';
import { sourceOf, type EventSource } from './event-handlers';

export interface WebhookSecrets {
  platform: string;
  connect?: string | undefined;
}

export interface VerifiedEvent {
  event: Stripe.Event;
  source: EventSource;
}

export type VerificationResult = VerifiedEvent | { refused: string };

type Webhooks = Pick<Stripe['webhooks'], 'constructEvent'>;

const secretFor = (source: EventSource, secrets: WebhookSecrets): string =>
  source === 'connect' ? (secrets.connect ?? secrets.platform) : secrets.platform;

const SOURCES: readonly EventSource[] = ['platform', 'connect'];

export function verifyStripeEvent(
  webhooks: Webhooks,
  request: { rawBody: Buffer; signature: string },
  secrets: WebhookSecrets,
  toleranceSeconds: number,
): VerificationResult {
  const reasons: string[] = [];
  for (const source of SOURCES) {
    let event: Stripe.Event;
    try {
      event = webhooks.constructEvent(
        request.rawBody,
        request.signature,
        secretFor(source, secrets),
        toleranceSeconds,
      );
    } catch (error) {
      reasons.push(`${source} secret: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (sourceOf(event) === source) return { event, source };
    reasons.push(`${source} secret: verified a ${sourceOf(event)} event, which that endpoint never sends`);
  }
  return { refused: reasons.join('; ') };
}
