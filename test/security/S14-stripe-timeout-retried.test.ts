/**
 * S14: Stripe does not answer the session create (it hangs, or it runs the call and the connection drops
 * before the answer). The product retries with the same idempotency key: the customer gets one session,
 * no idempotency error, never a 500, and the order's next check hands out that same session.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getOrder } from '../../functions/domains/orders/order-store';
import { clearFaults, planFault } from '@shutterlane/stripe-emulator/testing';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { checkoutCalls, freshOrder } from '../integration/checkout-helpers';
import { sellerAccountOf, stripeOf } from '../integration/payments-helpers';

const env = useTestStack();
afterAll(async () => {
  await clearFaults(env.stack.urls.stripe);
  await env?.stop();
});

/** Every Checkout Session the emulator holds for an order (its saved state, written shortly after each change). */
async function sessionsOfOrder(orderId: string): Promise<string[]> {
  const file = path.join(env.dataDir, 'stripe', 'stripe.json');
  const state = JSON.parse(await readFile(file, 'utf8')) as {
    checkoutSessions: Record<string, { session: { metadata?: Record<string, string> | null } }>;
  };
  return Object.entries(state.checkoutSessions)
    .filter(([, stored]) => stored.session.metadata?.orderId === orderId)
    .map(([id]) => id);
}

describe('S14 Stripe times out on create, the call is retried', () => {
  for (const kind of ['drop', 'hang'] as const) {
    it(`${kind}: one session, no idempotency error, never a 500`, async () => {
      const order = await freshOrder(env, { orderType: 'PAID_ORDER', totalMinor: 1500 });
      const account = await sellerAccountOf(order);
      await planFault(env.stack.urls.stripe, {
        method: 'POST',
        path: '/v1/checkout/sessions',
        kind,
        count: 1,
      });
      const checked = await checkoutCalls(env).checkOrder(order.orderId);
      expect(checked.status, JSON.stringify(checked.body)).toBe(200);
      expect(checked.body).toMatchObject({ nextStep: 'REDIRECT_TO_STRIPE' });
      const sessionId = String(checked.body.sessionId);
      // The fault was used up by the product's first attempt.
      const faults = (await (await fetch(`${env.stack.urls.stripe}/__control/faults`)).json()) as {
        data: unknown[];
      };
      expect(faults.data).toEqual([]);

      const session = await stripeOf(env).checkout.sessions.retrieve(
        sessionId,
        {},
        { stripeAccount: account },
      );
      expect(session).toMatchObject({ status: 'open', amount_total: 1500 });
      await expect.poll(() => sessionsOfOrder(order.orderId), { timeout: 5_000 }).toEqual([sessionId]);
      expect((await getOrder(order.orderId))?.checkoutSessionId).toBe(sessionId);
      expect((await checkoutCalls(env).checkOrder(order.orderId)).body.sessionId).toBe(sessionId);
      expect(await sessionsOfOrder(order.orderId)).toEqual([sessionId]);
    });
  }
});
