/**
 * Disputes: Stripe's dispute test card pays and is then disputed as fraudulent on the account the
 * charge belongs to; the bank's decision comes from a control endpoint (won or lost).
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_CARDS,
  callControl,
  closeDispute,
  createOnboardedAccount,
  disputeOfPayment,
  refundAsSeller,
  startTestEmulator,
  submitCheckoutPage,
  type TestEmulator,
} from '../../../local/stripe-emulator/testing';

let t: TestEmulator;
let seller: Stripe.Account;
beforeAll(async () => {
  t = await startTestEmulator();
  seller = await createOnboardedAccount(t.stripe, 'seller@example.com', {
    payoutSchedule: { interval: 'daily', delay_days: 28 },
  });
});
afterAll(() => t.stop());

const asSeller = () => ({ stripeAccount: seller.id });

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => new Error('expected a failure'),
    (error: unknown) => error,
  );

/** A £25 direct charge paid with the dispute test card; answers its payment intent's id. */
const disputedPayment = async (): Promise<string> => {
  const session = await t.stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        { quantity: 1, price_data: { currency: 'gbp', unit_amount: 2500, product_data: { name: 'Photos' } } },
      ],
      payment_intent_data: { application_fee_amount: 125 },
      success_url: 'http://app.test/ok',
    },
    asSeller(),
  );
  const paid = await submitCheckoutPage(session.url ?? '', { cardNumber: TEST_CARDS.disputed });
  expect(paid.status).toBe(303);
  const completed = await t.stripe.checkout.sessions.retrieve(session.id, {}, asSeller());
  expect(completed.payment_status).toBe('paid');
  return String(completed.payment_intent);
};

describe('the dispute test card', () => {
  it('pays, then the bank disputes it: needs_response, fraudulent, the charge disputed', async () => {
    const intentId = await disputedPayment();
    const dispute = await disputeOfPayment(t.stripe, seller.id, intentId);
    expect(dispute.id).toMatch(/^du_/);
    expect(dispute).toMatchObject({
      object: 'dispute',
      amount: 2500,
      currency: 'gbp',
      payment_intent: intentId,
      reason: 'fraudulent',
      status: 'needs_response',
      is_charge_refundable: false,
      evidence_details: { has_evidence: false, submission_count: 0 },
    });
    const [withdrawal] = dispute.balance_transactions;
    expect(withdrawal).toMatchObject({
      type: 'adjustment',
      reporting_category: 'dispute',
      amount: -2500,
      fee: 2000,
      net: -4500,
      source: dispute.id,
      fee_details: [
        expect.objectContaining({ type: 'stripe_fee', description: 'Dispute fee', amount: 2000 }),
      ],
    });
    const charge = await t.stripe.charges.retrieve(String(dispute.charge), {}, asSeller());
    expect(charge).toMatchObject({ disputed: true, status: 'succeeded' });
    expect((await t.stripe.disputes.retrieve(dispute.id, {}, asSeller())).id).toBe(dispute.id);
    expect(await failure(t.stripe.disputes.retrieve(dispute.id))).toMatchObject({ statusCode: 404 });
  });

  it('sends charge.dispute.created and charge.dispute.funds_withdrawn on the account', async () => {
    const dispute = await disputeOfPayment(t.stripe, seller.id, await disputedPayment());
    const created = await t.waitForEvent('charge.dispute.created', dispute.id);
    expect(created.account).toBe(seller.id);
    expect(created.data.object).toMatchObject({ status: 'needs_response', reason: 'fraudulent' });
    expect((await t.waitForEvent('charge.dispute.funds_withdrawn', dispute.id)).account).toBe(seller.id);
  });

  it('cannot be refunded once charged back', async () => {
    const intentId = await disputedPayment();
    const dispute = await disputeOfPayment(t.stripe, seller.id, intentId);
    const error = await failure(refundAsSeller(t.stripe, seller.id, { payment_intent: intentId }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      code: 'charge_disputed',
      message: `Charge ${String(dispute.charge)} has been charged back; cannot issue a refund.`,
    });
  });
});

describe('closing a dispute', () => {
  it('won: the amount comes back (not the fee), funds_reinstated and closed are sent', async () => {
    const dispute = await disputeOfPayment(t.stripe, seller.id, await disputedPayment());
    const won = await closeDispute(t.emulator.url, dispute.id, 'won');
    expect(won.status).toBe('won');
    expect(
      won.balance_transactions.map((transaction) => [transaction.reporting_category, transaction.net]),
    ).toEqual([
      ['dispute', -4500],
      ['dispute_reversal', 2500],
    ]);
    const closed = await t.waitForEvent('charge.dispute.closed', dispute.id);
    expect(closed).toMatchObject({ account: seller.id, data: { object: { status: 'won' } } });
    expect((await t.waitForEvent('charge.dispute.funds_reinstated', dispute.id)).account).toBe(seller.id);
    expect((await t.stripe.charges.retrieve(String(dispute.charge), {}, asSeller())).disputed).toBe(true);
  });

  it('lost: the money stays withdrawn; a closed dispute cannot be closed again', async () => {
    const dispute = await disputeOfPayment(t.stripe, seller.id, await disputedPayment());
    const lost = await closeDispute(t.emulator.url, dispute.id, 'lost');
    expect(lost.status).toBe('lost');
    expect(lost.balance_transactions).toHaveLength(1);
    expect((await t.waitForEvent('charge.dispute.closed', dispute.id)).data.object).toMatchObject({
      status: 'lost',
    });
    await expect(closeDispute(t.emulator.url, dispute.id, 'won')).rejects.toThrow(/answered 400/);
    await expect(
      callControl(t.emulator.url, 'POST', `/disputes/${dispute.id}/close`, { outcome: 'maybe' }),
    ).rejects.toThrow(/answered 400/);
  });

  it('accepted by the seller through the API: lost', async () => {
    const dispute = await disputeOfPayment(t.stripe, seller.id, await disputedPayment());
    expect(await failure(t.stripe.disputes.close(dispute.id))).toMatchObject({ statusCode: 404 });
    const accepted = await t.stripe.disputes.close(dispute.id, {}, asSeller());
    expect(accepted.status).toBe('lost');
    const listed = await t.stripe.disputes.list({ charge: String(dispute.charge) }, asSeller());
    expect(listed.data.map((item) => [item.id, item.status])).toEqual([[dispute.id, 'lost']]);
  });
});
