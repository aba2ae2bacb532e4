/**
 * Which payment methods a Checkout Session offers. In the API version the emulator speaks (the
 * `stripe` package's), Checkout works out the methods itself ("dynamic payment methods"): those
 * turned on in the Dashboard that suit the session, narrowed by `allowed_payment_method_types` (a
 * filter, it adds nothing) and `excluded_payment_method_types`; `payment_method_types` is no longer
 * a parameter. The session's `payment_method_types` lists the result.
 *
 * The emulator's Dashboard has cards and Bacs Direct Debit turned on. Bacs Direct Debit suits a
 * payment in GBP (payment mode only, in the emulator) and, for a direct charge, a connected account
 * whose `bacs_debit_payments` capability is active.
 */
import type { EmulatorContext } from '../context';
import { invalidRequest } from '../errors';
import type { Params } from '../params';
import type { Owner } from './ownership';
import type { CheckoutMode } from './types';

/** Stripe's values for `excluded_payment_method_types` (stripe 23.1.0). */
const EXCLUDABLE = [
  'acss_debit',
  'affirm',
  'afterpay_clearpay',
  'alipay',
  'alma',
  'amazon_pay',
  'au_becs_debit',
  'bacs_debit',
  'bancontact',
  'billie',
  'bizum',
  'blik',
  'boleto',
  'card',
  'cashapp',
  'crypto',
  'customer_balance',
  'eps',
  'fpx',
  'giropay',
  'grabpay',
  'ideal',
  'kakao_pay',
  'klarna',
  'konbini',
  'kr_card',
  'mb_way',
  'mobilepay',
  'multibanco',
  'naver_pay',
  'nz_bank_account',
  'oxxo',
  'p24',
  'pay_by_bank',
  'payco',
  'paynow',
  'paypal',
  'paypay',
  'payto',
  'pix',
  'promptpay',
  'revolut_pay',
  'samsung_pay',
  'satispay',
  'scalapay',
  'sepa_debit',
  'sequra',
  'sofort',
  'sunbit',
  'swish',
  'twint',
  'upi',
  'us_bank_account',
  'wechat_pay',
  'zip',
] as const;
/** Stripe's values for `allowed_payment_method_types`: the same, and `link`. */
const ALLOWABLE = [...EXCLUDABLE, 'link'] as const;

/** What the emulator's Dashboard has turned on, in the order the hosted page shows them. */
export const DASHBOARD_PAYMENT_METHODS = ['card', 'bacs_debit'] as const;
export type OfferedPaymentMethod = (typeof DASHBOARD_PAYMENT_METHODS)[number];

export interface SessionTerms {
  mode: CheckoutMode;
  currency: string;
  owner: Owner;
}

const suits = (ctx: EmulatorContext, type: OfferedPaymentMethod, terms: SessionTerms): boolean => {
  if (type === 'card') return true;
  const account = terms.owner === null ? undefined : ctx.state.accounts[terms.owner];
  return (
    terms.mode === 'payment' &&
    terms.currency === 'gbp' &&
    (account === undefined || account.capabilities.bacs_debit_payments === 'active')
  );
};

const optionalEnumArray = <T extends string>(params: Params, key: string, values: readonly T[]) => {
  if (params.has(key)) return params.enumArray(key, values);
  params.ignore(key);
  return undefined;
};

export interface PaymentMethodChoice {
  offered: OfferedPaymentMethod[];
  allowed: string[] | null;
}

export const readPaymentMethodChoice = (
  ctx: EmulatorContext,
  params: Params,
  terms: SessionTerms,
): PaymentMethodChoice => {
  const allowed = optionalEnumArray(params, 'allowed_payment_method_types', ALLOWABLE);
  const excluded: readonly string[] =
    optionalEnumArray(params, 'excluded_payment_method_types', EXCLUDABLE) ?? [];
  const offered = DASHBOARD_PAYMENT_METHODS.filter(
    (type) =>
      suits(ctx, type, terms) &&
      (allowed === undefined || allowed.includes(type)) &&
      !excluded.includes(type),
  );
  if (offered.length === 0) {
    // The emulator's wording: Stripe's refusal of a session nothing can pay is not documented.
    throw invalidRequest(
      'No valid payment method types for this Checkout Session. Please ensure that you have activated payment methods compatible with your chosen currency in your dashboard.',
      allowed === undefined ? 'excluded_payment_method_types' : 'allowed_payment_method_types',
    );
  }
  return { offered, allowed: allowed ?? null };
};
