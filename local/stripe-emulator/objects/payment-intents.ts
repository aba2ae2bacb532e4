/**
 * The PaymentIntent a Checkout Session in payment mode creates when the customer pays: `succeeded`
 * at once for a card, `processing` for a Bacs Direct Debit until it is settled (`succeeded`, or back
 * to `requires_payment_method` with `last_payment_error` when the bank returns it).
 */
import type Stripe from 'stripe';
import type { EmulatorContext } from '../context';
import { newId, randomBase62 } from '../ids';
import { unixNow } from '../webhooks/signing';
import { recordOwner, type Owner } from './ownership';
import type { PaymentMethodUsed } from './payment-methods';
import type { StoredCheckoutSession } from './types';

export const createPaymentIntent = (
  ctx: EmulatorContext,
  stored: StoredCheckoutSession,
  payment: { owner: Owner; email: string; method: PaymentMethodUsed },
): Stripe.PaymentIntent => {
  const { session, paymentIntentData } = stored;
  const id = newId('paymentIntent');
  const intent: Stripe.PaymentIntent = {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: session.amount_total,
    amount_capturable: 0,
    amount_received: 0,
    application: payment.owner === null ? null : ctx.state.platformApplication,
    application_fee_amount: paymentIntentData.application_fee_amount,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${id}_secret_${randomBase62(25)}`,
    confirmation_method: 'automatic',
    created: unixNow(),
    currency: session.currency,
    customer: session.customer,
    customer_account: null,
    description: paymentIntentData.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: newId('charge'),
    livemode: false,
    managed_payments: null,
    metadata: { ...paymentIntentData.metadata },
    next_action: null,
    on_behalf_of: null,
    payment_method: newId('paymentMethod'),
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: [...session.payment_method_types],
    payment_record: null,
    processing: null,
    receipt_email: payment.email,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'processing',
    transfer_data:
      paymentIntentData.destination === null ? null : { destination: paymentIntentData.destination },
    transfer_group: null,
  };
  ctx.state.paymentIntents[id] = intent;
  recordOwner(ctx, id, payment.owner);
  ctx.store.changed();
  return intent;
};

export const markPaymentIntentSucceeded = (intent: Stripe.PaymentIntent): void => {
  intent.status = 'succeeded';
  intent.amount_received = intent.amount;
};

export const markPaymentIntentFailed = (intent: Stripe.PaymentIntent, charge: Stripe.Charge): void => {
  intent.status = 'requires_payment_method';
  intent.last_payment_error = {
    charge: charge.id,
    code: charge.failure_code ?? undefined,
    message: charge.failure_message ?? undefined,
    type: 'invalid_request_error',
  };
};
