/**
 * The emulator's own control endpoints (not Stripe's API), for tests and local debugging:
 * - `POST /__control/events/:id/resend` delivers a stored event again, same id (a duplicate delivery);
 * - `POST /__control/checkout/sessions/:id/expire` expires a session as if its time ran out;
 * - `GET /__control/webhook-deliveries` lists recent delivery attempts and their outcomes;
 * - `GET /__control/webhook-endpoints` lists the endpoints with their signing secrets and kinds, as the
 *   Dashboard reveals a secret at any time (the API shows it only once);
 * - `POST /__control/accounts/:id/verify` (or `/restrict`) ends a pending verification as Stripe would;
 * - `POST /__control/subscriptions/:id/renew` (or `/fail-renewal`) ends the current billing period:
 *   the next one starts with its invoice paid (or failed: past due), a scheduled downgrade applies,
 *   a cancellation at period end ends the subscription.
 */
import type { EmulatorContext } from './context';
import { resourceMissing } from './errors';
import { settleVerification } from './objects/accounts';
import { requireSubscription } from './objects/billing';
import { expireOpenCheckoutSession } from './objects/checkout';
import { revealedEndpoints } from './objects/webhook-endpoints';
import { renewSubscription } from './objects/subscriptions';
import { Router } from './router';

export type ControlHandler = (ctx: EmulatorContext, pathParams: Record<string, string>) => object;

export const controlRoutes = new Router<ControlHandler>()
  .add('POST', '/__control/events/:id/resend', (ctx, { id = '' }) => {
    const event = ctx.state.events.find((candidate) => candidate.id === id);
    if (event === undefined) throw resourceMissing('event', id);
    ctx.resend(event);
    return { resent: event.id };
  })
  .add(
    'POST',
    '/__control/checkout/sessions/:id/expire',
    (ctx, { id = '' }) => expireOpenCheckoutSession(ctx, id).session,
  )
  .add('GET', '/__control/webhook-deliveries', (ctx) => ({ data: ctx.webhooks.attempts }))
  .add('GET', '/__control/webhook-endpoints', (ctx) => ({ data: revealedEndpoints(ctx) }))
  .add('POST', '/__control/accounts/:id/verify', (ctx, { id = '' }) => settleVerification(ctx, id, 'active'))
  .add('POST', '/__control/accounts/:id/restrict', (ctx, { id = '' }) =>
    settleVerification(ctx, id, 'restricted'),
  )
  .add('POST', '/__control/subscriptions/:id/renew', (ctx, { id = '' }) =>
    renewSubscription(ctx, requireSubscription(ctx, id), false),
  )
  .add('POST', '/__control/subscriptions/:id/fail-renewal', (ctx, { id = '' }) =>
    renewSubscription(ctx, requireSubscription(ctx, id), true),
  );
