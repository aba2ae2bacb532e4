/**
 * S32: Stripe unavailable. The emulator's planned faults make Stripe answer 500 (`error`) or not answer
 * at all (`hang`) for the calls a request makes; the customer's order check (which makes the Checkout
 * Session) and the seller's payment-acceptance status answer 503 with the clear message, never 500 and
 * never a gateway timeout, and nothing half-made is left behind: once Stripe is back, the same call works.
 * Files of this project run one after another, so the faults planned here reach no other test.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { getOrder } from '../../functions/domains/orders/order-store';
import { clearFaults, planFault, type PlannedFault } from '@shutterlane/stripe-emulator/testing';
import { paymentServerErrors } from '#shared/texts/payment-errors';
import { checkoutCalls, freshOrder } from '../integration/checkout-helpers';
import { call, demoSeller } from '@shutterlane/harness/seller-tools-helpers';
import { useTestStack } from '@shutterlane/harness/local-stack';

const env = useTestStack();
afterEach(() => clearFaults(env.stack.urls.stripe));

const unavailable = { status: 503, body: { message: paymentServerErrors.stripeUnavailable } };
/** Enough failures for every attempt the request makes, retries included. */
const fault = (kind: PlannedFault['kind'], method: string, path: string) =>
  planFault(env.stack.urls.stripe, { kind, method, path, count: 10 });

const paidOrder = () => freshOrder(env, { orderType: 'PAID_ORDER', totalMinor: 1500 });

describe('S32 Stripe unavailable: 503 with a clear message, never 500', () => {
  it('answers the order check 503 when Stripe answers 500, and makes the session once Stripe is back', async () => {
    const order = await paidOrder();
    await fault('error', 'POST', '/v1/checkout/sessions');
    const calls = checkoutCalls(env);
    expect(await calls.checkOrder(order.orderId)).toEqual(unavailable);
    expect((await getOrder(order.orderId))?.checkoutSessionId).toBeUndefined();

    await clearFaults(env.stack.urls.stripe);
    const again = await calls.checkOrder(order.orderId);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ nextStep: 'REDIRECT_TO_STRIPE' });
    expect((await getOrder(order.orderId))?.checkoutSessionId).toBe(again.body.sessionId);
  });

  it('answers the order check 503 within the function’s time when Stripe does not answer at all', async () => {
    const order = await paidOrder();
    await fault('hang', 'POST', '/v1/checkout/sessions');
    const started = Date.now();
    expect(await checkoutCalls(env).checkOrder(order.orderId)).toEqual(unavailable);
    // The function allows 25 s and API Gateway 30 s: the deadline answers before either gives up.
    expect(Date.now() - started).toBeLessThan(25_000);
    expect((await getOrder(order.orderId))?.checkoutSessionId).toBeUndefined();
  });

  it('answers the seller’s payment-acceptance status 503 when Stripe fails or hangs', async () => {
    const seller = await demoSeller(env);
    for (const kind of ['error', 'hang'] as const) {
      await fault(kind, 'GET', '/v1/accounts/*');
      const { status, body } = await call(env, seller, 'GET', '/connect/status');
      expect({ kind, status, body }).toEqual({ kind, ...unavailable });
      await clearFaults(env.stack.urls.stripe);
    }
    expect((await call(env, seller, 'GET', '/connect/status')).status).toBe(200);
  });
});
