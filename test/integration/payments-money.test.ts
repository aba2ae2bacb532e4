/**
 * Fees and payouts as the spec says, through the local stack with the emulator: an
 * order paid by card is a direct charge on the seller's account, so Stripe's processing fee and our 5%
 * application fee both come out of the payment, and the account pays out 28 days after it. The seller's
 * orders list shows price, Stripe's fee, our 5%, net and the expected payout date exactly as the
 * payment's balance transaction on the seller's account says them.
 */
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_DELAY_DAYS } from '#shared/rules/constants';
import { applicationFeeMinor } from '#shared/rules/money';
import { SellerOrderList } from '#shared/schemas/order';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { eventually, payNewOrder, stripeOf, waitForOrder } from './payments-helpers';
import { call, demoSeller, type Seller } from '@shutterlane/harness/seller-tools-helpers';

let seller: Seller;

const env = useTestStack();
beforeAll(async () => {
  seller = await demoSeller(env);
});

const DAY_MS = 86_400_000;

/** The order as the seller's list shows it (the list's index may lag a moment). */
const listed = (orderId: string) =>
  eventually(
    async () =>
      SellerOrderList.parse((await call(env, seller, 'GET', '/orders')).body).orders.find(
        (order) => order.orderId === orderId,
      ),
    (order) => Boolean(order?.payment),
  );

const feeOf = (transaction: Stripe.BalanceTransaction, type: string) =>
  transaction.fee_details.filter((detail) => detail.type === type).reduce((sum, d) => sum + d.amount, 0);

describe('the seller’s orders list', () => {
  it('shows price, Stripe fee, our 5%, net and payout date from the payment’s balance transaction', async () => {
    const { order, account } = await payNewOrder(env, { totalMinor: 2500 });
    await waitForOrder(order.orderId, (o) => Boolean(o?.payment));
    const stripe = stripeOf(env);
    const intent = await stripe.paymentIntents.retrieve(
      order.paymentIntentId ?? '',
      { expand: ['latest_charge.balance_transaction'] },
      { stripeAccount: account },
    );
    const charge = intent.latest_charge as Stripe.Charge;
    const transaction = charge.balance_transaction as Stripe.BalanceTransaction;
    // Both fees come out of the payment on the seller's account: Stripe's, and ours as the application fee.
    expect(feeOf(transaction, 'application_fee')).toBe(applicationFeeMinor(2500));
    expect(feeOf(transaction, 'stripe_fee')).toBeGreaterThan(0);
    expect(transaction.net).toBe(2500 - feeOf(transaction, 'stripe_fee') - applicationFeeMinor(2500));

    const shown = await listed(order.orderId);
    expect(shown).toMatchObject({
      status: 'FULFILLED',
      total: 25,
      platformFee: applicationFeeMinor(2500) / 100,
      refunded: 0,
      payment: {
        amount: transaction.amount / 100,
        providerFee: feeOf(transaction, 'stripe_fee') / 100,
        platformFee: feeOf(transaction, 'application_fee') / 100,
        net: transaction.net / 100,
        payoutExpectedOn: new Date(transaction.available_on * 1000).toISOString(),
      },
    });
    // 28 days after the day of the payment (Stripe's available_on is a midnight UTC).
    const paidDay = Math.floor((charge.created * 1000) / DAY_MS) * DAY_MS;
    expect(Date.parse(shown?.payment?.payoutExpectedOn ?? '')).toBe(paidDay + PAYOUT_DELAY_DAYS * DAY_MS);
  });

  it('is paid out by an account whose schedule holds payouts 28 days', async () => {
    const { account } = await payNewOrder(env, { totalMinor: 1200 });
    const settings = (await stripeOf(env).accounts.retrieve(account)).settings;
    expect(settings?.payouts?.schedule).toMatchObject({ interval: 'daily', delay_days: PAYOUT_DELAY_DAYS });
  });
});
