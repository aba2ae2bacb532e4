/**
 * `POST /v1/checkout/sessions`: reads and validates the parameters Shutterlane sends the way
 * Stripe does (totals computed, currency lower-cased, minimum charge, fee not above the total,
 * destination account existing and able to receive transfers). With the `Stripe-Account` header the
 * session is a direct charge on that connected account, which must be able to take card payments;
 * it may carry an application fee without a destination.
 */
import type { EmulatorContext } from '../context';
import { StripeApiError, invalidRequest, resourceMissing } from '../errors';
import { newId } from '../ids';
import type { Params } from '../params';
import { unixNow } from '../webhooks/signing';
import { readLineItems } from './line-items';
import { recordOwner, type Owner } from './ownership';
import { requireCanTakeCharges } from './direct-charges';
import { readPaymentMethodChoice } from './payment-method-types';
import type { CheckoutMode, CheckoutSession, PaymentIntentData, StoredCheckoutSession } from './types';
import { requireEmail, requireUrl } from './validate';

const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;

/** Stripe's minimum charge amounts (smallest unit) for the currencies we are likely to use. */
const MINIMUM_CHARGE: Record<string, number> = { gbp: 30, usd: 50, eur: 50, cad: 50, aud: 50, chf: 50 };

/** Parameters real integrations send that change nothing the emulator models. */
const ACCEPTED_UNMODELLED = [
  'allow_promotion_codes',
  'automatic_tax',
  'billing_address_collection',
  'consent_collection',
  'custom_text',
  'customer_creation',
  'expand',
  'invoice_creation',
  'locale',
  'phone_number_collection',
  'submit_type',
  'tax_id_collection',
];

const readExpiresAt = (params: Params, now: number): number => {
  const expiresAt = params.optionalInteger('expires_at');
  if (expiresAt === undefined) return now + MAX_EXPIRY_SECONDS;
  if (expiresAt < now + MIN_EXPIRY_SECONDS || expiresAt > now + MAX_EXPIRY_SECONDS) {
    throw invalidRequest(
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      'expires_at',
    );
  }
  return expiresAt;
};

const requireTransferableDestination = (ctx: EmulatorContext, destination: string, param: string) => {
  const account = ctx.state.accounts[destination];
  if (account === undefined) throw resourceMissing('destination', destination, param);
  if (account.capabilities.transfers !== 'active') {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
      'insufficient_capabilities_for_transfer',
      param,
    );
  }
};

const readPaymentIntentData = (
  ctx: EmulatorContext,
  params: Params,
  amountTotal: number,
  owner: Owner,
): PaymentIntentData => {
  const data = params.optionalObject('payment_intent_data');
  const empty: PaymentIntentData = {
    application_fee_amount: null,
    destination: null,
    description: null,
    metadata: {},
  };
  if (data === undefined) return empty;
  const fee = data.optionalInteger('application_fee_amount', 0);
  const transferData = data.optionalObject('transfer_data');
  const destination = transferData?.string('destination');
  transferData?.ignore('amount');
  data.ignore(
    'capture_method',
    'on_behalf_of',
    'receipt_email',
    'setup_future_usage',
    'statement_descriptor',
  );
  if (fee !== undefined && destination === undefined && owner === null) {
    throw invalidRequest(
      'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
      data.name('application_fee_amount'),
    );
  }
  if (fee !== undefined && fee > amountTotal) {
    throw invalidRequest(
      `The application fee (${fee}) must be less than or equal to the total amount of the Checkout Session (${amountTotal}).`,
      data.name('application_fee_amount'),
    );
  }
  if (destination !== undefined) {
    const param = 'payment_intent_data[transfer_data][destination]';
    // A connected account has no connected accounts of its own to send money to.
    if (owner !== null) throw resourceMissing('destination', destination, param);
    requireTransferableDestination(ctx, destination, param);
  }
  return {
    application_fee_amount: fee ?? null,
    destination: destination ?? null,
    description: data.optionalString('description') ?? null,
    metadata: data.metadata(),
  };
};

const requireMinimumCharge = (amount: number, currency: string) => {
  const minimum = MINIMUM_CHARGE[currency];
  if (minimum !== undefined && amount < minimum) {
    throw invalidRequest(
      `The Checkout Session's total amount due must add up to at least ${(minimum / 100).toFixed(2)} ${currency}`,
      'line_items',
      'amount_too_small',
    );
  }
};

const readCustomer = (ctx: EmulatorContext, params: Params) => {
  const customer = params.optionalString('customer') ?? null;
  const email = params.optionalString('customer_email');
  if (customer !== null && email !== undefined) {
    throw invalidRequest(
      'You may only specify one of these parameters: customer, customer_email.',
      'customer',
    );
  }
  if (customer !== null && ctx.state.customers[customer] === undefined) {
    throw resourceMissing('customer', customer, 'customer');
  }
  return { customer, customerEmail: email === undefined ? null : requireEmail(email, 'customer_email') };
};

const readModeSpecific = (params: Params, mode: CheckoutMode) => {
  const other = mode === 'payment' ? 'subscription_data' : 'payment_intent_data';
  if (params.has(other)) {
    throw invalidRequest(`You can not pass \`${other}\` in \`${mode}\` mode.`, other);
  }
  const subscriptionData = params.optionalObject('subscription_data');
  subscriptionData?.ignore('description');
  const trialDays = subscriptionData?.optionalInteger('trial_period_days', 1) ?? null;
  if (trialDays !== null && trialDays > 730) {
    throw invalidRequest(
      '`trial_period_days` must be at most 730.',
      subscriptionData?.name('trial_period_days'),
    );
  }
  return { metadata: subscriptionData?.metadata() ?? {}, trialDays };
};

/** The emulator models subscriptions on the platform only. */
const requireModelledMode = (mode: CheckoutMode, owner: Owner) => {
  if (mode === 'subscription' && owner !== null) {
    throw invalidRequest(
      'The Stripe emulator does not model subscriptions on connected accounts (the Stripe-Account header).',
      'mode',
    );
  }
};

export const createCheckoutSession = (
  ctx: EmulatorContext,
  params: Params,
  owner: Owner,
): StoredCheckoutSession => {
  const now = unixNow();
  const mode = params.enumOf('mode', ['payment', 'subscription'] as const);
  requireModelledMode(mode, owner);
  params.optionalEnum('ui_mode', ['hosted'] as const);
  const lineItems = readLineItems(ctx, params, mode);
  const currency = lineItems[0]?.currency ?? '';
  const amountTotal = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
  requireMinimumCharge(amountTotal, currency);
  const { metadata: subscriptionMetadata, trialDays } = readModeSpecific(params, mode);
  const paymentIntentData = readPaymentIntentData(ctx, params, amountTotal, owner);
  const paymentMethods = readPaymentMethodChoice(ctx, params, { mode, currency, owner });
  if (owner !== null) requireCanTakeCharges(ctx, owner);
  const { customer, customerEmail } = readCustomer(ctx, params);
  const successUrl = params.optionalString('success_url');
  const cancelUrl = params.optionalString('cancel_url');
  const clientReferenceId = params.optionalString('client_reference_id') ?? null;
  if (clientReferenceId !== null && clientReferenceId.length > 200) {
    throw invalidRequest('client_reference_id must be at most 200 characters.', 'client_reference_id');
  }
  const id = newId('checkoutSession');
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    mode,
    status: 'open',
    payment_status: 'unpaid',
    amount_subtotal: amountTotal,
    amount_total: amountTotal,
    currency,
    created: now,
    expires_at: readExpiresAt(params, now),
    url: `${ctx.publicUrl}/c/pay/${id}`,
    success_url: successUrl === undefined ? null : requireUrl(successUrl, 'success_url'),
    cancel_url: cancelUrl === undefined ? null : requireUrl(cancelUrl, 'cancel_url'),
    client_reference_id: clientReferenceId,
    customer,
    customer_email: customerEmail,
    customer_details: null,
    metadata: params.metadata(),
    payment_intent: null,
    subscription: null,
    livemode: false,
    locale: null,
    ui_mode: 'hosted',
    payment_method_types: paymentMethods.offered,
    allowed_payment_method_types: paymentMethods.allowed,
  };
  params.ignore(...ACCEPTED_UNMODELLED);
  params.assertNoUnknown();
  const stored: StoredCheckoutSession = {
    session,
    lineItems,
    paymentIntentData,
    subscriptionMetadata,
    subscriptionTrialDays: trialDays,
  };
  ctx.state.checkoutSessions[id] = stored;
  recordOwner(ctx, id, owner);
  ctx.store.changed();
  return stored;
};
