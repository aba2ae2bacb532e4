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
 *   a cancellation at period end ends the subscription;
 * - `POST /__control/checkout/sessions/:id/settle` `{ "outcome": "succeeded" | "failed" }` settles a
 *   session paid by Bacs Direct Debit, as the bank would days later;
 * - `POST /__control/disputes/:id/close` `{ "outcome": "won" | "lost" }` closes a dispute as the
 *   cardholder's bank decided;
 * - `POST /__control/faults` `{ "method", "path", "kind", "count" }` plans failures of upcoming API
 *   calls (see faults.ts), `GET` lists them, `DELETE` forgets them all.
 */
import type { EmulatorContext } from './context';
import { invalidRequest, resourceMissing } from './errors';
import { readFaultSpec } from './faults';
import { settleVerification } from './objects/accounts';
import { requireSubscription } from './objects/billing';
import { expireOpenCheckoutSession } from './objects/checkout';
import { settleDelayedPayment } from './objects/checkout-payment';
import { closeDispute } from './objects/disputes';
import { revealedEndpoints } from './objects/webhook-endpoints';
import { renewSubscription } from './objects/subscriptions';
import { Router } from './router';

/** `body` is the request's JSON body (an empty object when there is none). */
export type ControlHandler = (
  ctx: EmulatorContext,
  pathParams: Record<string, string>,
  body: unknown,
) => object;

/** `body.outcome`, which must be one of `outcomes`. */
const outcomeOf = <T extends string>(body: unknown, outcomes: readonly T[]): T => {
  const outcome = body !== null && typeof body === 'object' && 'outcome' in body ? body.outcome : undefined;
  if (typeof outcome === 'string' && (outcomes as readonly string[]).includes(outcome)) return outcome as T;
  throw invalidRequest(
    `Send { "outcome": ${outcomes.map((value) => `"${value}"`).join(' or ')} }.`,
    'outcome',
  );
};

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
  )
  .add(
    'POST',
    '/__control/checkout/sessions/:id/settle',
    (ctx, { id = '' }, body) =>
      settleDelayedPayment(ctx, id, outcomeOf(body, ['succeeded', 'failed'] as const)).session,
  )
  .add('POST', '/__control/disputes/:id/close', (ctx, { id = '' }, body) =>
    closeDispute(ctx, id, outcomeOf(body, ['won', 'lost'] as const)),
  )
  .add('POST', '/__control/faults', (ctx, _params, body) => ctx.faults.add(readFaultSpec(body)))
  .add('GET', '/__control/faults', (ctx) => ({ data: ctx.faults.list() }))
  .add('DELETE', '/__control/faults', (ctx) => ({ deleted: ctx.faults.clear() }));
