/** What a successful Checkout payment leaves behind: a PaymentIntent, and for subscriptions a customer and subscription. */
import type { EmulatorContext } from '../context';
import { newId } from '../ids';
import { unixNow } from '../webhooks/signing';
import type { Customer, PaymentIntent, StoredCheckoutSession } from './types';

export const createSucceededPaymentIntent = (
  ctx: EmulatorContext,
  stored: StoredCheckoutSession,
  email: string,
): PaymentIntent => {
  const { session, paymentIntentData } = stored;
  const intent: PaymentIntent = {
    id: newId('paymentIntent'),
    object: 'payment_intent',
    amount: session.amount_total,
    amount_received: session.amount_total,
    currency: session.currency,
    status: 'succeeded',
    application_fee_amount: paymentIntentData.application_fee_amount,
    transfer_data:
      paymentIntentData.destination === null ? null : { destination: paymentIntentData.destination },
    customer: session.customer,
    description: paymentIntentData.description,
    latest_charge: newId('charge'),
    metadata: { ...paymentIntentData.metadata },
    payment_method_types: ['card'],
    receipt_email: email,
    created: unixNow(),
    livemode: false,
  };
  ctx.state.paymentIntents[intent.id] = intent;
  return intent;
};

export const findOrCreateCustomer = (ctx: EmulatorContext, id: string | null, email: string): Customer => {
  const existing = id === null ? undefined : ctx.state.customers[id];
  if (existing !== undefined) return existing;
  const customer: Customer = {
    id: newId('customer'),
    object: 'customer',
    email,
    name: null,
    created: unixNow(),
    metadata: {},
    livemode: false,
  };
  ctx.state.customers[customer.id] = customer;
  return customer;
};
