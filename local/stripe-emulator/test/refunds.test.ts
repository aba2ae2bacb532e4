/**
 * Refunds: full and partial, of direct charges (with the seller's Stripe-Account header, as the
 * seller's Dashboard or the platform acting for it makes them) and of destination charges.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { sellerSuite } from './stripe-emulator-suite';
import { failure, refundAsSeller, submitBacsDebitPage, submitCheckoutPage } from '../testing';

const suite = sellerSuite({ bacsDebit: true });

const lineItems = [
  { quantity: 1, price_data: { currency: 'gbp', unit_amount: 2500, product_data: { name: 'Photos' } } },
];

/** A £25 direct charge with a £1.25 application fee, paid by card. */
const paidDirectCharge = async () => {
  const session = await suite.t.stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: lineItems,
      payment_intent_data: { application_fee_amount: 125 },
      success_url: 'http://app.test/ok',
    },
    suite.asSeller(),
  );
  await submitCheckoutPage(session.url ?? '');
  const paid = await suite.t.stripe.checkout.sessions.retrieve(
    session.id,
    { expand: ['payment_intent.latest_charge'] },
    suite.asSeller(),
  );
  const intent = paid.payment_intent as Stripe.PaymentIntent;
  return { intent, charge: intent.latest_charge as Stripe.Charge };
};

describe('refunds of a direct charge', () => {
  it('refund part of a payment: the charge follows, and the fee comes back in proportion', async () => {
    const { intent, charge } = await paidDirectCharge();
    const refund = await refundAsSeller(suite.t.stripe, suite.seller.id, {
      payment_intent: intent.id,
      amount: 1000,
      reason: 'requested_by_customer',
      metadata: { orderId: 'order-1' },
      refund_application_fee: true,
    });
    expect(refund.id).toMatch(/^re_/);
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 1000,
      currency: 'gbp',
      status: 'succeeded',
      charge: charge.id,
      payment_intent: intent.id,
      reason: 'requested_by_customer',
      metadata: { orderId: 'order-1' },
      transfer_reversal: null,
    });
    const refunded = await suite.t.stripe.charges.retrieve(
      charge.id,
      { expand: ['refunds'] },
      suite.asSeller(),
    );
    expect(refunded).toMatchObject({ amount_refunded: 1000, refunded: false });
    expect(refunded.refunds?.data.map((item) => item.id)).toEqual([refund.id]);

    const transaction = await suite.t.stripe.balanceTransactions.retrieve(
      String(refund.balance_transaction),
      {},
      suite.asSeller(),
    );
    expect(transaction).toMatchObject({
      type: 'refund',
      amount: -1000,
      fee: 0,
      net: -1000,
      source: refund.id,
    });

    const fee = await suite.t.stripe.applicationFees.retrieve(String(charge.application_fee));
    expect(fee).toMatchObject({ amount: 125, amount_refunded: 50, refunded: false });
    expect(fee.refunds.data.map((item) => item.amount)).toEqual([50]);
  });

  it('refunds what remains by default: the charge is refunded and all of the fee returned', async () => {
    const { intent, charge } = await paidDirectCharge();
    await refundAsSeller(suite.t.stripe, suite.seller.id, {
      payment_intent: intent.id,
      amount: 1250,
      refund_application_fee: true,
    });
    const rest = await refundAsSeller(suite.t.stripe, suite.seller.id, {
      charge: charge.id,
      refund_application_fee: true,
    });
    expect(rest.amount).toBe(1250);
    expect(await suite.t.stripe.charges.retrieve(charge.id, {}, suite.asSeller())).toMatchObject({
      amount_refunded: 2500,
      refunded: true,
    });
    const fee = await suite.t.stripe.applicationFees.retrieve(String(charge.application_fee));
    expect(fee).toMatchObject({ amount_refunded: 125, refunded: true });
    const refunds = await suite.t.stripe.refunds.list({ payment_intent: intent.id }, suite.asSeller());
    expect(refunds.data.map((item) => item.amount)).toEqual([1250, 1250]);
  });

  it('keeps the platform’s fee when the refund does not ask for it back', async () => {
    const { intent, charge } = await paidDirectCharge();
    await refundAsSeller(suite.t.stripe, suite.seller.id, { payment_intent: intent.id });
    const fee = await suite.t.stripe.applicationFees.retrieve(String(charge.application_fee));
    expect(fee).toMatchObject({ amount_refunded: 0, refunded: false });
  });

  it('sends charge.refunded and refund.created on the account, application_fee.refunded on the platform', async () => {
    const { intent, charge } = await paidDirectCharge();
    const refund = await refundAsSeller(suite.t.stripe, suite.seller.id, {
      payment_intent: intent.id,
      amount: 500,
      refund_application_fee: true,
    });
    const chargeRefunded = await suite.t.waitForEvent('charge.refunded', charge.id);
    expect(chargeRefunded.account).toBe(suite.seller.id);
    expect(chargeRefunded.data.object).toMatchObject({ amount_refunded: 500, refunded: false });
    expect((await suite.t.waitForEvent('refund.created', refund.id)).account).toBe(suite.seller.id);
    const feeRefunded = await suite.t.waitForEvent(
      'application_fee.refunded',
      String(charge.application_fee),
    );
    expect(feeRefunded.account).toBeUndefined();
    expect(feeRefunded.data.object).toMatchObject({ amount_refunded: 25 });
  });

  it('is seen with the account’s header only', async () => {
    const { intent } = await paidDirectCharge();
    const refund = await refundAsSeller(suite.t.stripe, suite.seller.id, {
      payment_intent: intent.id,
      amount: 100,
    });
    expect((await suite.t.stripe.refunds.retrieve(refund.id, {}, suite.asSeller())).id).toBe(refund.id);
    expect(await failure(suite.t.stripe.refunds.retrieve(refund.id))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    const fromThePlatform = await failure(suite.t.stripe.refunds.create({ payment_intent: intent.id }));
    expect(fromThePlatform).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'payment_intent',
    });
  });
});

describe('refusals', () => {
  it('refuses more than remains, with Stripe’s messages', async () => {
    const { intent, charge } = await paidDirectCharge();
    const aboveTheCharge = await failure(
      refundAsSeller(suite.t.stripe, suite.seller.id, { payment_intent: intent.id, amount: 3000 }),
    );
    expect(aboveTheCharge).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(aboveTheCharge).toMatchObject({
      param: 'amount',
      message: 'Refund amount (£30.00) is greater than charge amount (£25.00)',
    });
    await refundAsSeller(suite.t.stripe, suite.seller.id, { payment_intent: intent.id, amount: 2000 });
    const aboveTheRest = await failure(
      refundAsSeller(suite.t.stripe, suite.seller.id, { charge: charge.id, amount: 600 }),
    );
    expect(aboveTheRest).toMatchObject({
      param: 'amount',
      message: 'Refund amount (£6.00) is greater than unrefunded amount on charge (£5.00)',
    });
    await refundAsSeller(suite.t.stripe, suite.seller.id, { charge: charge.id });
    const again = await failure(refundAsSeller(suite.t.stripe, suite.seller.id, { charge: charge.id }));
    expect(again).toMatchObject({
      code: 'charge_already_refunded',
      message: `Charge ${charge.id} has already been refunded.`,
    });
    expect((await suite.t.stripe.charges.retrieve(charge.id, {}, suite.asSeller())).amount_refunded).toBe(
      2500,
    );
  });

  it('refuses a payment that has not succeeded, a bad amount or reason, and options that do not apply', async () => {
    const session = await suite.t.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: lineItems,
        allowed_payment_method_types: ['bacs_debit'],
        success_url: 'http://app.test/ok',
      },
      suite.asSeller(),
    );
    await submitBacsDebitPage(session.url ?? '');
    const processing = String(
      (await suite.t.stripe.checkout.sessions.retrieve(session.id, {}, suite.asSeller())).payment_intent,
    );
    const notSucceeded = await failure(
      refundAsSeller(suite.t.stripe, suite.seller.id, { payment_intent: processing }),
    );
    expect(notSucceeded).toMatchObject({
      statusCode: 400,
      message: `This PaymentIntent (${processing}) does not have a successful charge to refund.`,
    });

    const { intent } = await paidDirectCharge();
    expect(
      await failure(
        refundAsSeller(suite.t.stripe, suite.seller.id, { payment_intent: intent.id, amount: 0 }),
      ),
    ).toMatchObject({
      param: 'amount',
    });
    const reason = 'changed_mind' as Stripe.RefundCreateParams.Reason;
    expect(
      await failure(refundAsSeller(suite.t.stripe, suite.seller.id, { payment_intent: intent.id, reason })),
    ).toMatchObject({
      param: 'reason',
    });
    expect(
      await failure(
        refundAsSeller(suite.t.stripe, suite.seller.id, {
          payment_intent: intent.id,
          reverse_transfer: true,
        }),
      ),
    ).toMatchObject({
      param: 'reverse_transfer',
    });
    expect(await failure(refundAsSeller(suite.t.stripe, suite.seller.id, {}))).toMatchObject({
      statusCode: 400,
    });
    expect(
      (
        await suite.t.stripe.paymentIntents.retrieve(
          intent.id,
          { expand: ['latest_charge'] },
          suite.asSeller(),
        )
      ).latest_charge,
    ).toMatchObject({
      amount_refunded: 0,
    });
  });
});

describe('refunds of a destination charge', () => {
  it('reverse the transfer when asked, on the platform', async () => {
    const session = await suite.t.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: lineItems,
      payment_intent_data: { application_fee_amount: 125, transfer_data: { destination: suite.seller.id } },
      success_url: 'http://app.test/ok',
    });
    await submitCheckoutPage(session.url ?? '');
    const intentId = String((await suite.t.stripe.checkout.sessions.retrieve(session.id)).payment_intent);
    const refund = await suite.t.stripe.refunds.create({
      payment_intent: intentId,
      reverse_transfer: true,
      refund_application_fee: true,
    });
    expect(refund.transfer_reversal).toMatch(/^trr_/);
    const charge = await suite.t.stripe.charges.retrieve(String(refund.charge), {
      expand: ['balance_transaction'],
    });
    expect(charge).toMatchObject({ refunded: true, transfer_data: { destination: suite.seller.id } });
    // The platform pays Stripe's fee on a destination charge; the application fee is not in its fee lines.
    expect(charge.balance_transaction).toMatchObject({ fee: 58, net: 2442 });
    expect(await suite.t.stripe.applicationFees.retrieve(String(charge.application_fee))).toMatchObject({
      account: suite.seller.id,
      amount_refunded: 125,
    });
  });
});
