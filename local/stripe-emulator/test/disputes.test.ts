/**
 * Disputes: Stripe's dispute test card pays and is then disputed as fraudulent on the account the
 * charge belongs to; the bank's decision comes from a control endpoint (won or lost).
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { sellerSuite } from './stripe-emulator-suite';
import {
  callControl,
  closeDispute,
  disputeOfPayment,
  failure,
  refundAsSeller,
  submitCheckoutPage,
  TEST_CARDS,
} from '../testing';

const suite = sellerSuite();

/** A £25 direct charge paid with the dispute test card; answers its payment intent's id. */
const disputedPayment = async (): Promise<string> => {
  const session = await suite.t.stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        { quantity: 1, price_data: { currency: 'gbp', unit_amount: 2500, product_data: { name: 'Photos' } } },
      ],
      payment_intent_data: { application_fee_amount: 125 },
      success_url: 'http://app.test/ok',
    },
    suite.asSeller(),
  );
  const paid = await submitCheckoutPage(session.url ?? '', { cardNumber: TEST_CARDS.disputed });
  expect(paid.status).toBe(303);
  const completed = await suite.t.stripe.checkout.sessions.retrieve(session.id, {}, suite.asSeller());
  expect(completed.payment_status).toBe('paid');
  return String(completed.payment_intent);
};

describe('the dispute test card', () => {
  it('pays, then the bank disputes it: needs_response, fraudulent, the charge disputed', async () => {
    const intentId = await disputedPayment();
    const dispute = await disputeOfPayment(suite.t.stripe, suite.seller.id, intentId);
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
    const charge = await suite.t.stripe.charges.retrieve(String(dispute.charge), {}, suite.asSeller());
    expect(charge).toMatchObject({ disputed: true, status: 'succeeded' });
    expect((await suite.t.stripe.disputes.retrieve(dispute.id, {}, suite.asSeller())).id).toBe(dispute.id);
    expect(await failure(suite.t.stripe.disputes.retrieve(dispute.id))).toMatchObject({ statusCode: 404 });
  });

  it('sends charge.dispute.created and charge.dispute.funds_withdrawn on the account', async () => {
    const dispute = await disputeOfPayment(suite.t.stripe, suite.seller.id, await disputedPayment());
    const created = await suite.t.waitForEvent('charge.dispute.created', dispute.id);
    expect(created.account).toBe(suite.seller.id);
    expect(created.data.object).toMatchObject({ status: 'needs_response', reason: 'fraudulent' });
    expect((await suite.t.waitForEvent('charge.dispute.funds_withdrawn', dispute.id)).account).toBe(
      suite.seller.id,
    );
  });

  it('cannot be refunded once charged back', async () => {
    const intentId = await disputedPayment();
    const dispute = await disputeOfPayment(suite.t.stripe, suite.seller.id, intentId);
    const error = await failure(
      refundAsSeller(suite.t.stripe, suite.seller.id, { payment_intent: intentId }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      code: 'charge_disputed',
      message: `Charge ${String(dispute.charge)} has been charged back; cannot issue a refund.`,
    });
  });
});

describe('closing a dispute', () => {
  it('won: the amount comes back (not the fee), funds_reinstated and closed are sent', async () => {
    const dispute = await disputeOfPayment(suite.t.stripe, suite.seller.id, await disputedPayment());
    const won = await closeDispute(suite.t.emulator.url, dispute.id, 'won');
    expect(won.status).toBe('won');
    expect(
      won.balance_transactions.map((transaction) => [transaction.reporting_category, transaction.net]),
    ).toEqual([
      ['dispute', -4500],
      ['dispute_reversal', 2500],
    ]);
    const closed = await suite.t.waitForEvent('charge.dispute.closed', dispute.id);
    expect(closed).toMatchObject({ account: suite.seller.id, data: { object: { status: 'won' } } });
    expect((await suite.t.waitForEvent('charge.dispute.funds_reinstated', dispute.id)).account).toBe(
      suite.seller.id,
    );
    expect(
      (await suite.t.stripe.charges.retrieve(String(dispute.charge), {}, suite.asSeller())).disputed,
    ).toBe(true);
  });

  it('lost: the money stays withdrawn; a closed dispute cannot be closed again', async () => {
    const dispute = await disputeOfPayment(suite.t.stripe, suite.seller.id, await disputedPayment());
    const lost = await closeDispute(suite.t.emulator.url, dispute.id, 'lost');
    expect(lost.status).toBe('lost');
    expect(lost.balance_transactions).toHaveLength(1);
    expect((await suite.t.waitForEvent('charge.dispute.closed', dispute.id)).data.object).toMatchObject({
      status: 'lost',
    });
    await expect(closeDispute(suite.t.emulator.url, dispute.id, 'won')).rejects.toThrow(/answered 400/);
    await expect(
      callControl(suite.t.emulator.url, 'POST', `/disputes/${dispute.id}/close`, { outcome: 'maybe' }),
    ).rejects.toThrow(/answered 400/);
  });

  it('accepted by the seller through the API: lost', async () => {
    const dispute = await disputeOfPayment(suite.t.stripe, suite.seller.id, await disputedPayment());
    expect(await failure(suite.t.stripe.disputes.close(dispute.id))).toMatchObject({ statusCode: 404 });
    const accepted = await suite.t.stripe.disputes.close(dispute.id, {}, suite.asSeller());
    expect(accepted.status).toBe('lost');
    const listed = await suite.t.stripe.disputes.list({ charge: String(dispute.charge) }, suite.asSeller());
    expect(listed.data.map((item) => [item.id, item.status])).toEqual([[dispute.id, 'lost']]);
  });
});
