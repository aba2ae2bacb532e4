/**
 * The order error texts of the public document's section 8, produced by real paths: the SPA's own
 * order-access calls (typed API client and the human check) against the local API, and the SPA's step
 * rules applied to what comes back. Texts that never touch the server (the email rule, a missing order id)
 * are asserted in the web unit tests and the end-to-end tests.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { orderErrors, serverErrors } from '#shared/texts/errors';
import {
  checkoutErrorOutcome,
  completionOutcome,
  ORDER_STEPS,
  stepForOrder,
  type CheckoutOrigin,
} from '#shared/rules/order-flow';
import {
  orderAccessCalls,
  type OrderAccessCalls,
} from '../../web/src/features/order-access/order-access-calls';
import { ApiError, createApiClient } from '../../web/src/lib/api-client';
import { captchaToken, useTestStack } from '@shutterlane/harness/local-stack';
import { freshOrder } from './checkout-helpers';

let calls: OrderAccessCalls;

const env = useTestStack();
beforeAll(async () => {
  calls = orderAccessCalls({
    api: createApiClient({ baseUrl: env.demo.apiUrl }),
    executeCaptcha: (action: string) => captchaToken(env.stack.urls.captcha, action),
  });
});

async function failure(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the call succeeded');
}

const outcome = (message: string, origin: CheckoutOrigin) => checkoutErrorOutcome(message, origin);

describe('section 8 order errors from real calls', () => {
  it("expired order: 'Failed to validate checkout: 410 - …', then 'Failed to process order. Please try again.'", async () => {
    const order = await freshOrder(env, { createdDaysAgo: 31 });
    const message = await failure(() => calls.validateCheckout(order.orderId, 'late@example.com'));
    expect(message).toBe(orderErrors.validateCheckoutFailed(410, serverErrors.orderExpired));
    expect(message).toBe(
      'Failed to validate checkout: 410 - This order has expired and is no longer available for checkout',
    );
    expect(outcome(message, ORDER_STEPS.email)).toEqual({
      step: ORDER_STEPS.email,
      message: 'Failed to process order. Please try again.',
    });
  });

  it("fulfilled order: 'Failed to complete checkout: 409 - …already been fulfilled' goes to step 6", async () => {
    const message = await failure(() =>
      calls.completeCheckout(env.demo.orders.fulfilled.id, 'fcs_AAAAAAAAAAAAAAAAAAAAAA'),
    );
    expect(message).toBe('Failed to complete checkout: 409 - This order has already been fulfilled');
    for (const origin of [ORDER_STEPS.email, ORDER_STEPS.summary] as const) {
      expect(outcome(message, origin)).toEqual({
        step: ORDER_STEPS.completed,
        message: orderErrors.alreadyCompleted,
      });
    }
    expect(orderErrors.alreadyCompleted).toBe(
      "This order has already been completed and fulfilled. Please check your email for the download link. If you can't find the email, try checking your spam folder.",
    );
  });

  it("low captcha score: 'Captcha verification failed. Please try again.' on the step it came from", async () => {
    const order = await freshOrder(env);
    const sessionId = await calls.validateCheckout(order.orderId, 'bot@example.com');
    await env.stack.captcha.setScore(0.1);
    try {
      const validate = await failure(() => calls.validateCheckout(order.orderId, 'bot@example.com'));
      expect(validate).toBe(orderErrors.validateCheckoutFailed(403, serverErrors.captchaFailed));
      expect(outcome(validate, ORDER_STEPS.email)).toEqual({
        step: ORDER_STEPS.email,
        message: 'Captcha verification failed. Please try again.',
      });
      const complete = await failure(() => calls.completeCheckout(order.orderId, sessionId));
      expect(outcome(complete, ORDER_STEPS.summary)).toEqual({
        step: ORDER_STEPS.summary,
        message: orderErrors.captchaFailed,
      });
      // The order check fails too, which the screen shows as 'Failed to check order. Please try again.'
      const check = await failure(() => calls.checkOrder(order.orderId));
      expect(check).toBe(serverErrors.captchaFailed);
    } finally {
      await env.stack.captcha.setScore(0.9);
    }
  });

  it("a paid order not yet paid at 'Complete Purchase': the generic error at step 8", async () => {
    const order = await freshOrder(env, { orderType: 'PAID_ORDER', totalMinor: 1200 });
    const checked = await calls.checkOrder(order.orderId);
    const result = await calls.completeCheckout(order.orderId, checked.sessionId ?? '');
    expect(result).toEqual({ status: 'PENDING', emailSent: false });
    expect(completionOutcome(ORDER_STEPS.summary, order.orderId, result)).toEqual({
      step: ORDER_STEPS.error,
      message: 'An error occurred while processing your request. Please try again later.',
    });
  });

  it('a bad session at complete-checkout: the free-order failure at step 1', async () => {
    const order = await freshOrder(env);
    await calls.validateCheckout(order.orderId, 'someone@example.com');
    const message = await failure(() => calls.completeCheckout(order.orderId, 'fcs_BBBBBBBBBBBBBBBBBBBBBB'));
    expect(message).toBe(orderErrors.completeCheckoutFailed(409, serverErrors.checkoutSessionInvalid));
    expect(outcome(message, ORDER_STEPS.email).message).toBe(orderErrors.freeOrderFailed);
  });

  it('a free order completes and reopens the order (history replaced)', async () => {
    const order = await freshOrder(env);
    const sessionId = await calls.validateCheckout(order.orderId, 'ok@example.com');
    const result = await calls.completeCheckout(order.orderId, sessionId);
    expect(result).toEqual({ status: 'FULFILLED', emailSent: true });
    expect(completionOutcome(ORDER_STEPS.email, order.orderId, result)).toEqual({
      navigateTo: `/orders/${order.orderId}`,
    });
  });

  it('the expired and completed screens come from the order check', async () => {
    expect(stepForOrder(await calls.checkOrder(env.demo.orders.expired.id))).toBe(ORDER_STEPS.expired);
    expect(stepForOrder(await calls.checkOrder(env.demo.orders.fulfilled.id))).toBe(ORDER_STEPS.completed);
    expect(orderErrors.expired).toBe(
      'This order has expired and is no longer available for checkout. Orders are typically available for 30 days.',
    );
    const unknown = await calls.checkOrder('AAAAAAAAAAAAAAAAAAAAAA').catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(ApiError);
    expect((unknown as ApiError).status).toBe(404);
  });
});
