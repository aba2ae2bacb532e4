import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { paymentRecordOf } from './payment-money';

describe('paymentRecordOf', () => {
  it('itemises a direct charge’s balance transaction: Stripe’s fee, our fee, the net and the payout date', () => {
    const transaction = {
      id: 'txn_1',
      amount: 1500,
      fee: 121,
      net: 1379,
      available_on: Date.parse('2026-03-29T00:00:00Z') / 1000,
      fee_details: [
        {
          amount: 46,
          currency: 'gbp',
          type: 'stripe_fee',
          description: 'Stripe processing fees',
          application: null,
        },
        { amount: 75, currency: 'gbp', type: 'application_fee', description: 'fee', application: 'ca_1' },
      ],
    } as unknown as Stripe.BalanceTransaction;
    expect(paymentRecordOf('ch_1', transaction)).toEqual({
      chargeId: 'ch_1',
      balanceTransactionId: 'txn_1',
      amountMinor: 1500,
      stripeFeeMinor: 46,
      applicationFeeMinor: 75,
      netMinor: 1379,
      availableOn: '2026-03-29T00:00:00.000Z',
    });
  });

  it('adds up fees of one type given in several lines, and reads a missing type as none', () => {
    const transaction = {
      id: 'txn_2',
      amount: 1000,
      net: 950,
      available_on: 0,
      fee_details: [
        { amount: 20, type: 'stripe_fee' },
        { amount: 30, type: 'stripe_fee' },
      ],
    } as unknown as Stripe.BalanceTransaction;
    expect(paymentRecordOf('ch_2', transaction)).toMatchObject({
      stripeFeeMinor: 50,
      applicationFeeMinor: 0,
    });
  });
});
