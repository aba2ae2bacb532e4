/**
 * Delayed payments (Bacs Direct Debit) of orders, through the local stack with the emulator, on a seller
 * whose account takes bank debits. Paid by debit, the order is PROCESSING: photos withheld (409) and the
 * customer told the payment is on its way. Failed (`checkout.session.async_payment_failed`), the order is
 * payable again with a fresh session and says why; paid then by card, it is fulfilled. Succeeded, it is
 * fulfilled with the debit's money recorded.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { serverErrors } from '#shared/texts/errors';
import { PAYOUT_DELAY_DAYS } from '#shared/rules/constants';
import {
  createOnboardedAccount,
  settleDelayedPayment,
  submitBacsDebitPage,
} from '@shutterlane/stripe-emulator/testing';
import type { OrderRecord } from '../../functions/domains/orders/order-store';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { checkoutCalls, freshOrder } from './checkout-helpers';
import { payCheckout, stripeOf, waitForOrder } from './payments-helpers';
import { newSeller } from '@shutterlane/harness/seller-tools-helpers';

let calls: ReturnType<typeof checkoutCalls>;
let sellerId: string;

const env = useTestStack();
beforeAll(async () => {
  calls = checkoutCalls(env);
  const account = await createOnboardedAccount(stripeOf(env), 'debits@example.com', {
    bacsDebit: true,
    payoutSchedule: { interval: 'daily', delay_days: PAYOUT_DELAY_DAYS },
  });
  ({ userId: sellerId } = await newSeller(env, {
    plan: 'advanced',
    stripeAccountId: account.id,
    chargesEnabled: true,
    paymentAcceptanceEnabled: true,
  }));
});

/** An order of the debit-taking seller, checked: its session offers Bacs Direct Debit. */
async function checkedOrder() {
  const order = await freshOrder(env, { orderType: 'PAID_ORDER', totalMinor: 1500, sellerId });
  const checked = await calls.checkOrder(order.orderId);
  expect(checked.status).toBe(200);
  return { order, sessionId: String(checked.body.sessionId), url: String(checked.body.stripeCheckoutUrl) };
}

async function paidByDebit(): Promise<{ order: OrderRecord; sessionId: string }> {
  const { order, sessionId, url } = await checkedOrder();
  expect((await submitBacsDebitPage(url)).status).toBe(303);
  await waitForOrder(order.orderId, (o) => o?.status === 'PROCESSING');
  return { order, sessionId };
}

describe('a payment by bank debit', () => {
  it('while on its way: PROCESSING, photos withheld, and the customer told so', async () => {
    const { order } = await paidByDebit();
    expect(await calls.fulfilledPhotos(order.orderId)).toEqual({
      status: 409,
      body: { message: serverErrors.paymentProcessing },
    });
    const customer = await calls.checkOrder(order.orderId);
    expect(customer.body).toMatchObject({
      status: 'PROCESSING',
      statusReason: 'PAYMENT_PROCESSING',
      photos: [],
    });
    expect(customer.body).not.toHaveProperty('stripeCheckoutUrl');
  });

  it('failed: payable again with a fresh session, saying why; then paid by card', async () => {
    const { order, sessionId } = await paidByDebit();
    await settleDelayedPayment(env.stack.urls.stripe, sessionId, 'failed');
    await waitForOrder(order.orderId, (o) => o?.status === 'PENDING' && o.statusReason === 'PAYMENT_FAILED');

    const again = await calls.checkOrder(order.orderId);
    expect(again.body).toMatchObject({
      status: 'PENDING',
      statusReason: 'PAYMENT_FAILED',
      nextStep: 'REDIRECT_TO_STRIPE',
    });
    expect(again.body.sessionId).not.toBe(sessionId);
    await payCheckout(String(again.body.stripeCheckoutUrl));
    const paid = await waitForOrder(order.orderId, (o) => o?.status === 'FULFILLED');
    expect(paid?.statusReason).toBeUndefined();
    expect((await calls.fulfilledPhotos(order.orderId)).status).toBe(200);
  });

  it('succeeded: fulfilled, with the debit’s money recorded', async () => {
    const { order, sessionId } = await paidByDebit();
    await settleDelayedPayment(env.stack.urls.stripe, sessionId, 'succeeded');
    const paid = await waitForOrder(order.orderId, (o) => o?.status === 'FULFILLED' && Boolean(o.payment));
    expect(paid?.payment).toMatchObject({ amountMinor: 1500 });
    expect(paid?.payment?.netMinor).toBe(
      1500 - (paid?.payment?.stripeFeeMinor ?? 0) - (paid?.payment?.applicationFeeMinor ?? 0),
    );
    expect((await calls.fulfilledPhotos(order.orderId)).status).toBe(200);
  });
});
