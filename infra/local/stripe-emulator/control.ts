/**
 * The emulator's own control endpoints (not Stripe's API), for tests and local debugging:
 * - `POST /__control/events/:id/resend` delivers a stored event again, same id (a duplicate delivery);
 * - `POST /__control/checkout/sessions/:id/expire` expires a session as if its time ran out;
 * - `GET /__control/webhook-deliveries` lists recent delivery attempts and their outcomes.
 */
import type { EmulatorContext } from './context';
import { resourceMissing } from './errors';
import { expireOpenCheckoutSession } from './objects/checkout';
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
  .add('GET', '/__control/webhook-deliveries', (ctx) => ({ data: ctx.webhooks.attempts }));
