/**
 * The emulator's fee rules, in one place. Stripe prices by country, card type and payment method;
 * the emulator applies one UK rule to every charge, whatever its currency:
 *
 * - cards: Stripe's UK standard-card price, 1.5% + 20 (pence, or the currency's minor unit);
 * - Bacs Direct Debit: 1% + 20, capped at 400 (£4);
 * - a dispute: 2000 (£20), withdrawn with the disputed amount and not returned when the dispute is won.
 *
 * Fees are rounded to the nearest minor unit, halves up (Stripe does not document how it rounds).
 */
export type FeePaymentMethod = 'card' | 'bacs_debit';

interface PercentagePlusFixed {
  /** In hundredths of a percent: 150 = 1.5%. */
  basisPoints: number;
  fixed: number;
  cap?: number;
}

const PROCESSING_FEES: Record<FeePaymentMethod, PercentagePlusFixed> = {
  card: { basisPoints: 150, fixed: 20 },
  bacs_debit: { basisPoints: 100, fixed: 20, cap: 400 },
};

export const DISPUTE_FEE = 2000;

/** Stripe's processing fee on a successful charge of `amount` (minor units). */
export const stripeProcessingFee = (amount: number, method: FeePaymentMethod): number => {
  const rule = PROCESSING_FEES[method];
  const fee = Math.round((amount * rule.basisPoints) / 10_000) + rule.fixed;
  return rule.cap === undefined ? fee : Math.min(fee, rule.cap);
};

/**
 * How much of an application fee has been refunded once `refundedOfCharge` of `chargeAmount` is
 * refunded with `refund_application_fee`: in proportion, as Stripe says, so a charge refunded in full
 * (in one refund or several) has its whole fee refunded.
 */
export const applicationFeeRefundedFor = (
  applicationFee: number,
  refundedOfCharge: number,
  chargeAmount: number,
): number => Math.round((applicationFee * refundedOfCharge) / chargeAmount);
