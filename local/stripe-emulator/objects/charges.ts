/**
 * Charges: the money side of a payment. A card charge succeeds at once; a Bacs Direct Debit charge
 * is `pending` until settled. When a charge succeeds its money is recorded where it belongs:
 *
 * - a direct charge (made on a connected account): a balance transaction on that account whose fee
 *   is Stripe's processing fee plus the platform's application fee (`fee_details` lists both), and an
 *   application fee object on the platform;
 * - a platform charge (destination charges included): a balance transaction on the platform with
 *   Stripe's fee only, and for a destination charge the application fee taken from the destination.
 */
import type Stripe from 'stripe';
import type { EmulatorContext } from '../context';
import { newId } from '../ids';
import { unixNow } from '../webhooks/signing';
import { applicationFeeDetail, collectApplicationFee } from './application-fees';
import { feeDetail, recordBalanceTransaction } from './balance-transactions';
import { stripeProcessingFee } from './fees';
import { recordOwner, type Owner } from './ownership';
import { billingDetails, paymentMethodDetails, type PaymentMethodUsed } from './payment-methods';

export interface ChargeSpec {
  owner: Owner;
  intent: Stripe.PaymentIntent;
  email: string;
  method: PaymentMethodUsed;
}

const NO_NETWORK_ADVICE = { advice_code: null, network_advice_code: null, network_decline_code: null };

/** Radar assesses card payments only (`not_assessed` for bank debits). */
const approvedOutcome = (charge: Stripe.Charge): Stripe.Charge.Outcome => ({
  ...NO_NETWORK_ADVICE,
  network_status: 'approved_by_network',
  reason: null,
  ...(charge.payment_method_details?.type === 'card'
    ? { risk_level: 'normal', risk_score: 20 }
    : { risk_level: 'not_assessed' }),
  seller_message: 'Payment complete.',
  type: 'authorized',
});

const destinationOf = (intent: Stripe.PaymentIntent): string | null => {
  const destination = intent.transfer_data?.destination;
  if (destination === undefined) return null;
  return typeof destination === 'string' ? destination : destination.id;
};

/** A new charge for `intent`, `pending` (Bacs) until `succeedCharge` or `failCharge`, or succeeded (card). */
export const createCharge = (ctx: EmulatorContext, spec: ChargeSpec): Stripe.Charge => {
  const { intent, method, owner } = spec;
  const destination = destinationOf(intent);
  const charge: Stripe.Charge = {
    id: typeof intent.latest_charge === 'string' ? intent.latest_charge : newId('charge'),
    object: 'charge',
    amount: intent.amount,
    amount_captured: intent.amount,
    amount_refunded: 0,
    application: owner === null ? null : ctx.state.platformApplication,
    application_fee: null,
    application_fee_amount: intent.application_fee_amount,
    balance_transaction: null,
    billing_details: billingDetails(spec.email, method),
    calculated_statement_descriptor: null,
    captured: true,
    created: unixNow(),
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: { ...intent.metadata },
    on_behalf_of: null,
    outcome: null,
    paid: false,
    payment_intent: intent.id,
    payment_method: typeof intent.payment_method === 'string' ? intent.payment_method : null,
    payment_method_details: paymentMethodDetails(method),
    receipt_email: spec.email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'pending',
    ...(destination === null ? {} : { transfer: newId('transfer') }),
    transfer_data: destination === null ? null : { amount: null, destination },
    transfer_group: destination === null ? null : `group_${intent.id}`,
  };
  ctx.state.charges[charge.id] = charge;
  recordOwner(ctx, charge.id, owner);
  ctx.store.changed();
  return charge;
};

const feeDetailsOf = (ctx: EmulatorContext, charge: Stripe.Charge, owner: Owner) => {
  const method = charge.payment_method_details?.type === 'bacs_debit' ? 'bacs_debit' : 'card';
  const stripeFee = feeDetail(
    stripeProcessingFee(charge.amount, method),
    charge.currency,
    'stripe_fee',
    'Stripe processing fees',
  );
  const applicationFee = charge.application_fee_amount ?? 0;
  // On a direct charge the connected account pays both; on a platform charge only Stripe's fee shows.
  return owner !== null && applicationFee > 0
    ? [stripeFee, applicationFeeDetail(ctx, applicationFee, charge.currency)]
    : [stripeFee];
};

/** The charge's money arrives: its balance transaction, and the platform's application fee. */
export const succeedCharge = (ctx: EmulatorContext, charge: Stripe.Charge, owner: Owner): void => {
  const transaction = recordBalanceTransaction(ctx, {
    owner,
    amount: charge.amount,
    currency: charge.currency,
    feeDetails: feeDetailsOf(ctx, charge, owner),
    type: 'charge',
    reportingCategory: 'charge',
    source: charge.id,
    description: charge.description,
  });
  charge.status = 'succeeded';
  charge.paid = true;
  charge.outcome = approvedOutcome(charge);
  charge.balance_transaction = transaction.id;
  const feePayer = owner ?? charge.transfer_data?.destination;
  if (typeof feePayer === 'string')
    charge.application_fee = collectApplicationFee(ctx, charge, feePayer)?.id ?? null;
  ctx.store.changed();
};

/** The bank returned the Direct Debit: nothing was collected. */
export const failCharge = (
  ctx: EmulatorContext,
  charge: Stripe.Charge,
  failure: { code: string; message: string },
): void => {
  charge.status = 'failed';
  charge.paid = false;
  charge.amount_captured = 0;
  charge.failure_code = failure.code;
  charge.failure_message = failure.message;
  charge.outcome = {
    ...NO_NETWORK_ADVICE,
    network_status: 'declined_by_network',
    reason: failure.code,
    risk_level: 'not_assessed',
    seller_message: 'The bank returned this payment.',
    type: 'issuer_declined',
  };
  ctx.store.changed();
};
