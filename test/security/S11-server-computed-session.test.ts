/**
 * S11: a paid order's Checkout Session is computed on the server from the stored order and the seller's
 * account. A client that sends its own price, fee, currency or destination (in the body or the query
 * string of the order check) changes none of it: the session charges the order's total on the seller's
 * account, and our fee is 5% of that total.
 */
import { describe, expect, it } from 'vitest';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { applicationFeeMinor } from '#shared/rules/money';
import { captchaToken, useTestStack } from '@shutterlane/harness/local-stack';
import { freshOrder, postJson } from '../integration/checkout-helpers';
import { payCheckout, sellerAccountOf, stripeOf, waitForOrder } from '../integration/payments-helpers';

const env = useTestStack();

const ATTACKER = 'acct_1AttackerAccount00';
const forged = {
  total: 0.5,
  totalMinor: 50,
  amount: 50,
  unit_amount: 50,
  price: 'price_attacker',
  currency: 'usd',
  application_fee_amount: 0,
  applicationFeeMinor: 0,
  feePct: 0,
  destination: ATTACKER,
  stripeAccountId: ATTACKER,
  stripeAccount: ATTACKER,
  transfer_data: { destination: ATTACKER },
  on_behalf_of: ATTACKER,
  line_items: [{ price_data: { unit_amount: 50, currency: 'usd' }, quantity: 1 }],
};

describe('S11 session fee and destination from the server', () => {
  it('ignores a price, fee or destination sent by the client', async () => {
    const order = await freshOrder(env, { orderType: 'PAID_ORDER', totalMinor: 1500 });
    const account = await sellerAccountOf(order);
    const query = new URLSearchParams({
      amount: '50',
      application_fee_amount: '0',
      stripeAccount: ATTACKER,
      destination: ATTACKER,
    });
    const answer = await postJson(`${env.demo.apiUrl}/public/orders/${order.orderId}?${query}`, {
      ...forged,
      captchaToken: await captchaToken(env.stack.urls.captcha, CAPTCHA_ACTIONS.publicOrderCheck),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ total: 15, currency: 'GBP', nextStep: 'REDIRECT_TO_STRIPE' });
    const sessionId = String(answer.body.sessionId);

    const stripe = stripeOf(env);
    // The session lives on the seller's account, for the order's amount and currency.
    const session = await stripe.checkout.sessions.retrieve(sessionId, {}, { stripeAccount: account });
    expect(session).toMatchObject({ amount_total: 1500, currency: 'gbp', mode: 'payment' });
    await expect(
      stripe.checkout.sessions.retrieve(sessionId, {}, { stripeAccount: ATTACKER }),
    ).rejects.toThrow();

    // Paid: the charge is the seller's, our fee 5% of the stored total.
    await payCheckout(String(answer.body.stripeCheckoutUrl));
    const paid = await waitForOrder(order.orderId, (o) => Boolean(o?.payment));
    expect(paid?.payment).toMatchObject({
      amountMinor: 1500,
      applicationFeeMinor: applicationFeeMinor(1500),
    });
    expect(applicationFeeMinor(1500)).toBe(75);
    const intent = await stripe.paymentIntents.retrieve(
      paid!.paymentIntentId!,
      { expand: ['latest_charge'] },
      { stripeAccount: account },
    );
    expect(intent).toMatchObject({ amount: 1500, currency: 'gbp', application_fee_amount: 75 });
    const fees = await stripe.applicationFees.list({ charge: paid!.payment!.chargeId });
    expect(
      fees.data.map((fee) => [fee.amount, typeof fee.account === 'string' ? fee.account : fee.account.id]),
    ).toEqual([[75, account]]);
  });
});
