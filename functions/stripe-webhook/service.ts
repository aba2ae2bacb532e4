/**
 * Stripe webhooks: the signature is verified on the raw bytes Stripe sent (300 s tolerance, as Stripe's
 * libraries default) with the secret of the endpoint that can carry the event (platform or Connect,
 * see signature.ts), then each event is processed once. The event is claimed in the events table before
 * its work and marked done after; a failure releases the claim and answers 503, so Stripe's retry runs it
 * again, and the work itself is idempotent (conditional writes on the order), so a retry after a partial
 * run completes what is missing and repeats nothing.
 */
import { randomUUID } from 'node:crypto';
import { serverErrors } from '#shared/texts/errors';
import { badRequest, conflict, serviceUnavailable } from '../lib/http-error';
import { logger } from '../lib/logger';
import { countMetric } from '../lib/metrics';
import { METRIC } from '#shared/platform/metric-names';
import { claimEvent, markEventDone, releaseEvent } from '../lib/once-markers';
import { stripeWebhookSecrets } from '../lib/secrets';
import { stripe, type Stripe } from '../lib/stripe';
import { routeFor } from './event-handlers';
import { RetryLater, waitedTooLong } from './retry-later';
import { verifyStripeEvent } from './signature';

/** Stripe's default: a signature older than five minutes is refused (replay protection). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

async function verifiedEvent(rawBody: Buffer, signature: string | undefined): Promise<Stripe.Event> {
  if (!signature) throw badRequest(serverErrors.stripeSignatureMissing);
  const [secrets, client] = await Promise.all([stripeWebhookSecrets(), stripe()]);
  const verified = verifyStripeEvent(
    client.webhooks,
    { rawBody, signature },
    secrets,
    SIGNATURE_TOLERANCE_SECONDS,
  );
  if ('refused' in verified) {
    logger.warn('stripe webhook refused', { reason: verified.refused });
    throw badRequest(serverErrors.stripeSignatureInvalid);
  }
  return verified.event;
}

/** A deferred event is retried by Stripe; one still waiting after a day is counted for the alarm. */
function deferred(event: Stripe.Event, error: RetryLater): void {
  const fields = {
    eventId: event.id,
    type: event.type,
    createdAt: new Date(event.created * 1000).toISOString(),
    reason: error.message,
  };
  if (!waitedTooLong(event.created, Date.now())) return logger.warn('stripe event deferred', fields);
  countMetric(METRIC.webhookEventsWaitingOverADay);
  logger.error('stripe event still deferred after a day', fields);
}

export async function receiveStripeWebhook(
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: boolean }> {
  const event = await verifiedEvent(rawBody, signature);
  // Unknown types, and known ones from the other kind of account (a connected account's own Checkout
  // Session, our platform account's own update), are acknowledged and left alone.
  const route = routeFor(event);
  if (!route) return { received: true };
  const claimId = randomUUID();
  const claim = await claimEvent(event.id, claimId);
  if (claim === 'done') return { received: true };
  // Another delivery is working on it: a non-2xx keeps Stripe retrying until that one is done or its
  // claim has lapsed (it died), so the event is never acknowledged unprocessed.
  if (claim === 'in-progress') throw conflict(serverErrors.webhookEventInProgress);
  try {
    await route.handle(event);
  } catch (error) {
    const retryLater = error instanceof RetryLater;
    if (retryLater) deferred(event, error);
    else logger.error('stripe event failed', { eventId: event.id, type: event.type, error });
    await releaseEvent(event.id, claimId).catch((releaseError: unknown) =>
      logger.error('could not release the event claim', { eventId: event.id, error: releaseError }),
    );
    throw retryLater
      ? conflict(serverErrors.webhookEventInProgress)
      : serviceUnavailable(serverErrors.serviceUnavailable);
  }
  // If this write fails the claim lapses after its lease and a retry redoes the (idempotent) work.
  await markEventDone(event.id, claimId).catch((error: unknown) => {
    logger.error('could not mark the event done', { eventId: event.id, error });
    throw serviceUnavailable(serverErrors.serviceUnavailable);
  });
  return { received: true };
}
