/**
 * The ways a customer can pay on the hosted checkout page, and what a charge records about them
 * (`payment_method_details`, `billing_details`): a card, or a Bacs Direct Debit from a UK bank
 * account (GBP only, settled days later).
 */
import type Stripe from 'stripe';
import { newId, randomBase62 } from '../ids';

export type PaymentMethodUsed =
  | { type: 'card'; digits: string }
  | { type: 'bacs_debit'; name: string; sortCode: string; accountNumber: string };

const cardBrand = (digits: string): string => {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
};

/** Stripe's test cards are US-issued credit cards that expire in the future. */
const cardDetails = (digits: string): Stripe.Charge.PaymentMethodDetails.Card => {
  const brand = cardBrand(digits);
  return {
    amount_authorized: null,
    authorization_code: null,
    brand,
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
    country: 'US',
    electronic_commerce_indicator: null,
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 3,
    fingerprint: randomBase62(16),
    funding: 'credit',
    installments: null,
    last4: digits.slice(-4),
    mandate: null,
    network: brand,
    network_transaction_id: randomBase62(15),
    regulated_status: 'unregulated',
    three_d_secure: null,
    transaction_link_id: null,
    wallet: null,
  };
};

export const paymentMethodDetails = (method: PaymentMethodUsed): Stripe.Charge.PaymentMethodDetails =>
  method.type === 'card'
    ? { type: 'card', card: cardDetails(method.digits) }
    : {
        type: 'bacs_debit',
        bacs_debit: {
          fingerprint: randomBase62(16),
          last4: method.accountNumber.slice(-4),
          mandate: newId('mandate'),
          sort_code: method.sortCode,
        },
      };

export const billingDetails = (email: string, method: PaymentMethodUsed): Stripe.Charge.BillingDetails => ({
  address: { city: null, country: 'GB', line1: null, line2: null, postal_code: null, state: null },
  email,
  name: method.type === 'bacs_debit' ? method.name : null,
  phone: null,
  tax_id: null,
});
