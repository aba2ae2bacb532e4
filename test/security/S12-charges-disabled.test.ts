/**
 * S12: the seller cannot take payments (a connected account whose charges are disabled, verification
 * pending): the customer's order check answers 409 with its message, Stripe is not called, and the
 * order keeps no session.
 */
import { describe, expect, it } from 'vitest';
import { serverErrors } from '#shared/texts/errors';
import { getOrder } from '../../functions/domains/orders/order-store';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { checkoutCalls, freshOrder } from '../integration/checkout-helpers';
import { stripeOf } from '../integration/payments-helpers';
import { newSeller } from '@shutterlane/harness/seller-tools-helpers';
import { stripeCallProbe } from './support/stripe-cases';

const env = useTestStack();

describe('S12 seller cannot take payments', () => {
  it('answers 409 with its message and calls no Stripe API', async () => {
    // An Express account that never finished onboarding: Stripe has its charges disabled.
    const account = await stripeOf(env).accounts.create({
      type: 'express',
      country: 'GB',
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    });
    expect(account.charges_enabled).toBe(false);
    const seller = await newSeller(env, {
      stripeAccountId: account.id,
      chargesEnabled: false,
      paymentAcceptanceEnabled: true,
    });
    const order = await freshOrder(env, {
      sellerId: seller.userId,
      orderType: 'PAID_ORDER',
      totalMinor: 1500,
    });
    const before = await getOrder(order.orderId);

    const probe = await stripeCallProbe(env);
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        expect(await checkoutCalls(env).checkOrder(order.orderId)).toEqual({
          status: 409,
          body: { message: serverErrors.sellerCannotAcceptPayments },
        });
      }
      expect(await probe.calls()).toBe(0);
    } finally {
      await probe.stop();
    }
    const after = await getOrder(order.orderId);
    expect(after).toEqual(before);
    expect(after?.checkoutSessionId).toBeUndefined();
  });
});
