import { describe, expect, it } from 'vitest';
import { applicationFeeRefundedFor, stripeProcessingFee } from './fees';

describe('stripeProcessingFee', () => {
  it('charges cards 1.5% + 20p, rounded to the nearest penny', () => {
    expect(stripeProcessingFee(2500, 'card')).toBe(58); // 37.5 → 38, + 20
    expect(stripeProcessingFee(1000, 'card')).toBe(35);
    expect(stripeProcessingFee(30, 'card')).toBe(20); // 0.45 → 0
  });

  it('charges Bacs Direct Debit 1% + 20p, at most £4', () => {
    expect(stripeProcessingFee(2500, 'bacs_debit')).toBe(45);
    expect(stripeProcessingFee(100_000, 'bacs_debit')).toBe(400);
  });
});

describe('applicationFeeRefundedFor', () => {
  it('refunds the fee in proportion and all of it once the charge is refunded in full', () => {
    expect(applicationFeeRefundedFor(125, 1000, 2500)).toBe(50);
    expect(applicationFeeRefundedFor(125, 1250, 2500)).toBe(63); // 62.5 → 63
    expect(applicationFeeRefundedFor(125, 2500, 2500)).toBe(125);
    expect(applicationFeeRefundedFor(125, 0, 2500)).toBe(0);
  });
});
