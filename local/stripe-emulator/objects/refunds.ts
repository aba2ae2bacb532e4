/**
 * `POST /v1/refunds`: a full or partial refund of a succeeded charge, named by `charge` or
 * `payment_intent`, on the account the charge belongs to (a direct charge's refund is made with the
 * connected account's `Stripe-Account` header, as the seller's Dashboard makes it). The charge's
 * `amount_refunded` and `refunded` follow; `refund_application_fee` gives back the platform's fee in
 * proportion; `reverse_transfer` (destination charges) reverses the transfer. Sends `charge.refunded`
 * and `refund.created` on the charge's account. Refused as Stripe refuses: more than remains, a charge
 * that has not succeeded, one already refunded or charged back. Refunds succeed at once.
 */
import type Stripe from 'stripe';
import type { EmulatorContext } from '../context';
import { invalidRequest } from '../errors';
import { newId } from '../ids';
import type { Params } from '../params';
import { unixNow } from '../webhooks/signing';
import { refundApplicationFeeInProportion } from './application-fees';
import { recordBalanceTransaction } from './balance-transactions';
import { findOwned, recordOwner, requireOwned, type Owner } from './ownership';

const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

/** Stripe writes amounts in its refund errors with the currency's symbol: `£25.00`, `$25.00`. */
const money = (amount: number, currency: string): string => {
  const format = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    currencyDisplay: 'narrowSymbol',
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
};

const noSuccessfulCharge = (intentId: string) =>
  invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`);

/** The charge a refund names (directly or through its payment intent), if it can still be refunded. */
const refundableCharge = (
  ctx: EmulatorContext,
  owner: Owner,
  chargeId: string | undefined,
  intentId: string | undefined,
): Stripe.Charge => {
  if (chargeId === undefined && intentId === undefined) {
    // The emulator's wording: Stripe's is not documented.
    throw invalidRequest('You must provide either `charge` or `payment_intent` to create a refund.');
  }
  const intent =
    intentId === undefined
      ? undefined
      : requireOwned(ctx, ctx.state.paymentIntents, intentId, owner, 'payment_intent', 'payment_intent');
  const charge =
    chargeId === undefined
      ? findOwned(ctx, ctx.state.charges, String(intent?.latest_charge), owner)
      : requireOwned(ctx, ctx.state.charges, chargeId, owner, 'charge', 'charge');
  if (intent !== undefined && charge !== undefined && charge.payment_intent !== intent.id) {
    throw invalidRequest(
      `The charge ${charge.id} does not belong to the PaymentIntent ${intent.id}.`,
      'charge',
    );
  }
  if (charge?.status !== 'succeeded') throw noSuccessfulCharge(intent?.id ?? String(charge?.payment_intent));
  if (charge.disputed) {
    throw invalidRequest(
      `Charge ${charge.id} has been charged back; cannot issue a refund.`,
      undefined,
      'charge_disputed',
    );
  }
  if (charge.amount_refunded >= charge.amount) {
    throw invalidRequest(
      `Charge ${charge.id} has already been refunded.`,
      undefined,
      'charge_already_refunded',
    );
  }
  return charge;
};

const checkedAmount = (charge: Stripe.Charge, requested: number | undefined): number => {
  const remaining = charge.amount - charge.amount_refunded;
  const amount = requested ?? remaining;
  if (amount > charge.amount) {
    throw invalidRequest(
      `Refund amount (${money(amount, charge.currency)}) is greater than charge amount (${money(charge.amount, charge.currency)})`,
      'amount',
    );
  }
  if (amount > remaining) {
    throw invalidRequest(
      `Refund amount (${money(amount, charge.currency)}) is greater than unrefunded amount on charge (${money(remaining, charge.currency)})`,
      'amount',
    );
  }
  return amount;
};

/** The emulator's wording for options that do not apply to the charge (Stripe's is not documented). */
const checkConnectOptions = (
  charge: Stripe.Charge,
  refundApplicationFee: boolean,
  reverseTransfer: boolean,
) => {
  if (refundApplicationFee && charge.application_fee === null) {
    throw invalidRequest(`Charge ${charge.id} has no application fee to refund.`, 'refund_application_fee');
  }
  if (reverseTransfer && charge.transfer_data === null) {
    throw invalidRequest(`Charge ${charge.id} has no transfer to reverse.`, 'reverse_transfer');
  }
};

interface RefundRequest {
  amount: number | undefined;
  reason: Stripe.Refund.Reason | null;
  metadata: Stripe.Metadata;
  refundApplicationFee: boolean;
  reverseTransfer: boolean;
}

const readRefundRequest = (params: Params): RefundRequest & { charge?: string; intent?: string } => {
  const request = {
    charge: params.optionalString('charge'),
    intent: params.optionalString('payment_intent'),
    amount: params.optionalInteger('amount', 1),
    reason: params.optionalEnum('reason', REASONS) ?? null,
    metadata: params.metadata(),
    refundApplicationFee: params.optionalBoolean('refund_application_fee') ?? false,
    reverseTransfer: params.optionalBoolean('reverse_transfer') ?? false,
  };
  params.ignore('expand', 'instructions_email');
  params.assertNoUnknown();
  return request;
};

const recordRefund = (
  ctx: EmulatorContext,
  charge: Stripe.Charge,
  owner: Owner,
  amount: number,
  request: RefundRequest,
): Stripe.Refund => {
  const id = newId('refund');
  const transaction = recordBalanceTransaction(ctx, {
    owner,
    amount: -amount,
    currency: charge.currency,
    feeDetails: [],
    type: 'refund',
    reportingCategory: 'refund',
    source: id,
    description: null,
  });
  const refund: Stripe.Refund = {
    id,
    object: 'refund',
    amount,
    balance_transaction: transaction.id,
    charge: charge.id,
    created: unixNow(),
    currency: charge.currency,
    customer: charge.customer,
    customer_account: null,
    metadata: request.metadata,
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason: request.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: request.reverseTransfer ? newId('transferReversal') : null,
  };
  ctx.state.refunds[id] = refund;
  recordOwner(ctx, id, owner);
  return refund;
};

export const createRefund = (ctx: EmulatorContext, params: Params, owner: Owner): Stripe.Refund => {
  const request = readRefundRequest(params);
  const charge = refundableCharge(ctx, owner, request.charge, request.intent);
  const amount = checkedAmount(charge, request.amount);
  checkConnectOptions(charge, request.refundApplicationFee, request.reverseTransfer);
  const refund = recordRefund(ctx, charge, owner, amount, request);
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  if (request.refundApplicationFee) refundApplicationFeeInProportion(ctx, charge);
  ctx.store.changed();
  const account = owner ?? undefined;
  ctx.emit('charge.refunded', charge, { account });
  ctx.emit('refund.created', refund, { account });
  return refund;
};

export const refundsOfCharge = (ctx: EmulatorContext, chargeId: string): Stripe.Refund[] =>
  Object.values(ctx.state.refunds)
    .filter((refund) => refund.charge === chargeId)
    .reverse();
