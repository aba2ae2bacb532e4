/**
 * What a Checkout Session checks about how it may be paid:
 *
 * - a direct charge (the `Stripe-Account` header) needs the connected account to take card payments:
 *   the `card_payments` capability active and charges enabled, with Stripe's messages otherwise;
 * - `payment_method_types`: the emulator's "Dashboard" has cards and Bacs Direct Debit turned on, so
 *   other types get Stripe's "not activated" refusal. Without the parameter a session takes cards only
 *   (Stripe would offer what the Dashboard enables, which the emulator cannot know). Bacs Direct Debit
 *   is for GBP payments (payment mode here), and on a connected account needs its
 *   `bacs_debit_payments` capability.
 */
import type { EmulatorContext } from '../context';
import { StripeApiError, invalidRequest } from '../errors';
import type { Params } from '../params';
import type { Owner } from './ownership';
import { SUPPORTED_PAYMENT_METHOD_TYPES } from './payment-methods';
import type { CheckoutMode } from './types';

const cannotCharge = (message: string) => new StripeApiError(400, 'invalid_request_error', message);

export const requireCanTakeCharges = (ctx: EmulatorContext, accountId: string): void => {
  const account = ctx.state.accounts[accountId];
  if (account?.capabilities.card_payments !== 'active') {
    throw cannotCharge(
      'You cannot create a charge on a connected account without the `card_payments` capability enabled.',
    );
  }
  if (!account.charges_enabled) {
    throw cannotCharge(
      'This Connect account cannot currently make live charges. The `requirements.disabled_reason` property on the account will provide information about why this account is currently disabled. If you are a customer trying to make a purchase, please contact the owner of this site. Your transaction has not been processed.',
    );
  }
};

const notActivated = (type: string) =>
  invalidRequest(
    `The payment method type provided: ${type} is invalid. Please ensure the provided type is activated in your dashboard (https://dashboard.stripe.com/account/payments/settings) and your account is enabled for any preview features that you are trying to use.`,
    'payment_method_types',
  );

const isSupported = (type: string): boolean =>
  (SUPPORTED_PAYMENT_METHOD_TYPES as readonly string[]).includes(type);

const requireBacsAllowed = (ctx: EmulatorContext, session: SessionTerms) => {
  if (session.mode !== 'payment') {
    throw invalidRequest(
      'The Stripe emulator takes Bacs Direct Debit in payment mode only.',
      'payment_method_types',
    );
  }
  if (session.currency !== 'gbp') {
    // The emulator's wording: Stripe documents the rule (GBP only), not its refusal.
    throw invalidRequest(
      `The currency provided (${session.currency}) is invalid for the payment method type bacs_debit, which supports gbp only.`,
      'payment_method_types',
    );
  }
  const account = session.owner === null ? undefined : ctx.state.accounts[session.owner];
  if (account !== undefined && account.capabilities.bacs_debit_payments !== 'active') {
    throw notActivated('bacs_debit');
  }
};

interface SessionTerms {
  mode: CheckoutMode;
  currency: string;
  owner: Owner;
}

export const readPaymentMethodTypes = (
  ctx: EmulatorContext,
  params: Params,
  session: SessionTerms,
): string[] => {
  if (!params.has('payment_method_types')) {
    params.ignore('payment_method_types');
    return ['card'];
  }
  const types = params.checkedStringArray('payment_method_types', (type) => {
    if (!isSupported(type)) throw notActivated(type);
  });
  if (types.includes('bacs_debit')) requireBacsAllowed(ctx, session);
  return [...new Set(types)];
};
