/**
 * Disputes (chargebacks). Stripe's test card 4000 0000 0000 0259 pays, then the cardholder's bank
 * disputes it as fraudulent: the dispute is `needs_response`, the disputed amount and Stripe's dispute
 * fee are withdrawn from the account the charge belongs to (`charge.dispute.created`, then
 * `charge.dispute.funds_withdrawn`) and the charge is `disputed`. The bank's decision comes later (a
 * control endpoint here): `won` gives the amount back (`charge.dispute.funds_reinstated`; the fee is not
 * returned), `lost` keeps it withdrawn; both send `charge.dispute.closed`. The seller may also accept
 * a dispute through the API (`POST /v1/disputes/:id/close`), which loses it.
 */
import type Stripe from 'stripe';
import type { EmulatorContext } from '../context';
import { invalidRequest, resourceMissing } from '../errors';
import { newId } from '../ids';
import { unixNow } from '../webhooks/signing';
import { feeDetail, presentBalanceTransaction, recordBalanceTransaction } from './balance-transactions';
import { DISPUTE_FEE } from './fees';
import { ownerOf, recordOwner, type Owner } from './ownership';

/** Stripe gives the seller about a week to respond to a test dispute. */
const RESPONSE_WINDOW_SECONDS = 7 * 24 * 60 * 60;
/** Visa's reason code for card-absent fraud, which a `fraudulent` dispute on a Visa test card carries. */
const VISA_FRAUD_REASON_CODE = '10.4';
const OPEN_STATUSES: readonly string[] = ['needs_response', 'under_review', 'warning_needs_response'];

const EMPTY_EVIDENCE: Stripe.Dispute.Evidence = {
  access_activity_log: null,
  billing_address: null,
  cancellation_policy: null,
  cancellation_policy_disclosure: null,
  cancellation_rebuttal: null,
  customer_communication: null,
  customer_email_address: null,
  customer_name: null,
  customer_purchase_ip: null,
  customer_signature: null,
  duplicate_charge_documentation: null,
  duplicate_charge_explanation: null,
  duplicate_charge_id: null,
  enhanced_evidence: {},
  product_description: null,
  receipt: null,
  refund_policy: null,
  refund_policy_disclosure: null,
  refund_refusal_explanation: null,
  service_date: null,
  service_documentation: null,
  shipping_address: null,
  shipping_carrier: null,
  shipping_date: null,
  shipping_documentation: null,
  shipping_tracking_number: null,
  uncategorized_file: null,
  uncategorized_text: null,
};

const cardBrandOf = (charge: Stripe.Charge) => charge.payment_method_details?.card?.brand ?? 'visa';

const withdrawal = (ctx: EmulatorContext, charge: Stripe.Charge, owner: Owner, disputeId: string) =>
  recordBalanceTransaction(ctx, {
    owner,
    amount: -charge.amount,
    currency: charge.currency,
    feeDetails: [feeDetail(DISPUTE_FEE, charge.currency, 'stripe_fee', 'Dispute fee')],
    type: 'adjustment',
    reportingCategory: 'dispute',
    source: disputeId,
    description: `Chargeback withdrawal for ${charge.id}`,
  });

/** The cardholder's bank disputes `charge` as fraudulent. */
export const openFraudulentDispute = (ctx: EmulatorContext, charge: Stripe.Charge): Stripe.Dispute => {
  const owner = ownerOf(ctx, charge.id);
  const id = newId('dispute');
  const created = unixNow();
  const dispute: Stripe.Dispute = {
    id,
    object: 'dispute',
    amount: charge.amount,
    balance_transactions: [withdrawal(ctx, charge, owner, id)],
    charge: charge.id,
    created,
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence: { ...EMPTY_EVIDENCE },
    evidence_details: {
      due_by: created + RESPONSE_WINDOW_SECONDS,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: 'not_submitted',
    },
    intended_submission_method: null,
    // A chargeback (unlike an inquiry) can no longer be refunded: the money is already gone.
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    network_reason_code: VISA_FRAUD_REASON_CODE,
    payment_intent: charge.payment_intent,
    payment_method_details: {
      type: 'card',
      card: {
        brand: cardBrandOf(charge),
        case_type: 'chargeback',
        network: cardBrandOf(charge),
        network_reason_code: VISA_FRAUD_REASON_CODE,
      },
    },
    reason: 'fraudulent',
    status: 'needs_response',
  };
  ctx.state.disputes[id] = dispute;
  recordOwner(ctx, id, owner);
  charge.disputed = true;
  ctx.store.changed();
  const account = owner ?? undefined;
  ctx.emit('charge.dispute.created', dispute, { account });
  ctx.emit('charge.dispute.funds_withdrawn', dispute, { account });
  return dispute;
};

/** The dispute as Stripe shows it now: its balance transactions with their current status. */
export const presentDispute = (ctx: EmulatorContext, dispute: Stripe.Dispute): Stripe.Dispute => ({
  ...dispute,
  balance_transactions: dispute.balance_transactions.map((transaction) =>
    presentBalanceTransaction(ctx.state.balanceTransactions[transaction.id] ?? transaction),
  ),
});

export type DisputeOutcome = 'won' | 'lost';

const reinstatement = (ctx: EmulatorContext, dispute: Stripe.Dispute, owner: Owner) =>
  recordBalanceTransaction(ctx, {
    owner,
    amount: dispute.amount,
    currency: dispute.currency,
    feeDetails: [],
    type: 'adjustment',
    reportingCategory: 'dispute_reversal',
    source: dispute.id,
    description: `Chargeback reversal for ${String(dispute.charge)}`,
  });

/** Closes an open dispute as the bank decided (or as lost when the seller accepts it). */
export const closeDispute = (ctx: EmulatorContext, id: string, outcome: DisputeOutcome): Stripe.Dispute => {
  const dispute = ctx.state.disputes[id];
  if (dispute === undefined) throw resourceMissing('dispute', id, 'dispute');
  if (!OPEN_STATUSES.includes(dispute.status)) {
    throw invalidRequest(`This dispute is already closed (status: ${dispute.status}).`, 'dispute');
  }
  const owner = ownerOf(ctx, id);
  dispute.status = outcome;
  if (outcome === 'won') dispute.balance_transactions.push(reinstatement(ctx, dispute, owner));
  ctx.store.changed();
  const account = owner ?? undefined;
  const shown = presentDispute(ctx, dispute);
  ctx.emit('charge.dispute.closed', shown, { account });
  if (outcome === 'won') ctx.emit('charge.dispute.funds_reinstated', shown, { account });
  return shown;
};
