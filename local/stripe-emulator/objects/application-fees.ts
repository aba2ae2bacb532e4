/**
 * Application fees: what the platform collects from a charge with `application_fee_amount`. The fee
 * object lives on the platform (`application_fee.created`, `application_fee.refunded` are platform
 * events) and names the connected account it was taken from. A refund with `refund_application_fee`
 * gives back the part of the fee in proportion to what was refunded.
 */
import type Stripe from 'stripe';
import type { EmulatorContext } from '../context';
import { newId } from '../ids';
import { unixNow } from '../webhooks/signing';
import { feeDetail, recordBalanceTransaction } from './balance-transactions';
import { applicationFeeRefundedFor } from './fees';

/** The platform's name, as Stripe writes it on a connected account's fee line ("… application fee"). */
export const PLATFORM_NAME = 'Shutterlane';

export const applicationFeeDetail = (ctx: EmulatorContext, amount: number, currency: string) =>
  feeDetail(
    amount,
    currency,
    'application_fee',
    `${PLATFORM_NAME} application fee`,
    ctx.state.platformApplication,
  );

/** Creates the fee the platform takes from `charge` (taken from `account`), if it has one. */
export const collectApplicationFee = (
  ctx: EmulatorContext,
  charge: Stripe.Charge,
  account: string,
): Stripe.ApplicationFee | undefined => {
  const amount = charge.application_fee_amount ?? 0;
  if (amount <= 0) return undefined;
  const id = newId('applicationFee');
  const earning = recordBalanceTransaction(ctx, {
    owner: null,
    amount,
    currency: charge.currency,
    feeDetails: [],
    type: 'application_fee',
    reportingCategory: 'platform_earning',
    source: id,
    description: null,
  });
  const fee: Stripe.ApplicationFee = {
    id,
    object: 'application_fee',
    account,
    amount,
    amount_refunded: 0,
    application: ctx.state.platformApplication,
    balance_transaction: earning.id,
    charge: charge.id,
    created: unixNow(),
    currency: charge.currency,
    fee_source: { charge: charge.id, type: 'charge' },
    livemode: false,
    originating_transaction: null,
    refunded: false,
    refunds: { object: 'list', data: [], has_more: false, url: `/v1/application_fees/${id}/refunds` },
  };
  ctx.state.applicationFees[id] = fee;
  ctx.store.changed();
  ctx.emit('application_fee.created', fee);
  return fee;
};

/**
 * After `charge` was refunded further under `refund_application_fee`, refunds the part of its fee
 * that now belongs to the refunded amount: money back from the platform (a fee refund) to the
 * connected account the fee was taken from (its balance gains it).
 */
export const refundApplicationFeeInProportion = (ctx: EmulatorContext, charge: Stripe.Charge): void => {
  const fee =
    typeof charge.application_fee === 'string'
      ? ctx.state.applicationFees[charge.application_fee]
      : undefined;
  if (fee === undefined) return;
  const due =
    applicationFeeRefundedFor(fee.amount, charge.amount_refunded, charge.amount) - fee.amount_refunded;
  if (due <= 0) return;
  const id = newId('feeRefund');
  const platformSide = recordBalanceTransaction(ctx, {
    owner: null,
    amount: -due,
    currency: fee.currency,
    feeDetails: [],
    type: 'application_fee_refund',
    reportingCategory: 'platform_earning_refund',
    source: id,
    description: null,
  });
  recordBalanceTransaction(ctx, {
    owner: typeof fee.account === 'string' ? fee.account : fee.account.id,
    amount: due,
    currency: fee.currency,
    feeDetails: [],
    type: 'application_fee_refund',
    reportingCategory: 'fee',
    source: id,
    description: `${PLATFORM_NAME} application fee refund`,
  });
  const feeRefund: Stripe.FeeRefund = {
    id,
    object: 'fee_refund',
    amount: due,
    balance_transaction: platformSide.id,
    created: unixNow(),
    currency: fee.currency,
    fee: fee.id,
    metadata: {},
  };
  fee.amount_refunded += due;
  fee.refunded = fee.amount_refunded === fee.amount;
  fee.refunds.data.unshift(feeRefund);
  ctx.store.changed();
  ctx.emit('application_fee.refunded', fee);
};
