/** What a successful Checkout payment leaves behind: a PaymentIntent, and for subscriptions a customer and subscription. */
import type { EmulatorContext } from '../context';
import { newId, randomBase62 } from '../ids';
import { unixNow } from '../webhooks/signing';
import type { Customer, LineItem, PaymentIntent, StoredCheckoutSession, Subscription } from './types';

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

const SECONDS_PER_INTERVAL: Record<string, number> = {
  day: 86_400,
  week: 604_800,
  month: 2_592_000,
  year: 31_536_000,
};

const periodEnd = (start: number, item: LineItem): number => {
  const recurring = item.price.recurring;
  if (recurring === null) return start;
  // Calendar months are approximated by 30 days: good enough for local period dates.
  return start + (SECONDS_PER_INTERVAL[recurring.interval] ?? 0) * recurring.interval_count;
};

export const createActiveSubscription = (
  ctx: EmulatorContext,
  stored: StoredCheckoutSession,
  customerId: string,
): Subscription => {
  const now = unixNow();
  const id = newId('subscription');
  const subscription: Subscription = {
    id,
    object: 'subscription',
    customer: customerId,
    status: 'active',
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    created: now,
    start_date: now,
    currency: stored.session.currency,
    items: {
      object: 'list',
      data: stored.lineItems.map((item) => ({
        id: `si_${randomBase62(14)}`,
        object: 'subscription_item',
        price: item.price,
        quantity: item.quantity,
        current_period_start: now,
        current_period_end: periodEnd(now, item),
      })),
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    metadata: { ...stored.subscriptionMetadata },
    livemode: false,
  };
  ctx.state.subscriptions[id] = subscription;
  return subscription;
};
