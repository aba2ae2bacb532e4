/**
 * Subscriptions after Checkout: creation (with a free trial when asked), invoices and their events,
 * renewal at the end of a period (paid or failed; a scheduled downgrade or a cancellation takes effect
 * then), and the portal's plan switch: a dearer price applies at once, a cheaper one at the period end.
 */
import type { EmulatorContext } from '../context';
import { invalidRequest } from '../errors';
import { newId, randomBase62 } from '../ids';
import { unixNow } from '../webhooks/signing';
import type { Invoice, LineItem, Price, StoredCheckoutSession, Subscription } from './types';

const SECONDS_PER_INTERVAL: Record<string, number> = {
  day: 86_400,
  week: 604_800,
  month: 2_592_000,
  year: 31_536_000,
};
const DAY_SECONDS = 86_400;

/** Calendar months are approximated by 30 days: good enough for local period dates. */
const periodLength = (price: Price): number =>
  price.recurring === null
    ? 0
    : (SECONDS_PER_INTERVAL[price.recurring.interval] ?? 0) * price.recurring.interval_count;

const firstItem = (subscription: Subscription) => {
  const item = subscription.items.data[0];
  if (item === undefined) throw new Error(`Subscription ${subscription.id} has no items`);
  return item;
};

const periodAmount = (subscription: Subscription): number =>
  subscription.items.data.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);

const createInvoice = (
  ctx: EmulatorContext,
  subscription: Subscription,
  billingReason: Invoice['billing_reason'],
  amount: number,
  paid: boolean,
): Invoice => {
  const item = firstItem(subscription);
  const invoice: Invoice = {
    id: newId('invoice'),
    object: 'invoice',
    customer: subscription.customer,
    status: paid ? 'paid' : 'open',
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    currency: subscription.currency,
    billing_reason: billingReason,
    period_start: item.current_period_start,
    period_end: item.current_period_end,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: `il_${randomBase62(24)}`,
          object: 'line_item',
          amount,
          period: { start: item.current_period_start, end: item.current_period_end },
        },
      ],
      has_more: false,
      url: '/v1/invoices/lines',
    },
    created: unixNow(),
    livemode: false,
  };
  ctx.state.invoices[invoice.id] = invoice;
  return invoice;
};

const itemsOf = (
  stored: StoredCheckoutSession,
  id: string,
  start: number,
  end: (item: LineItem) => number,
) => ({
  object: 'list' as const,
  data: stored.lineItems.map((item) => ({
    id: `si_${randomBase62(14)}`,
    object: 'subscription_item' as const,
    price: item.price,
    quantity: item.quantity,
    current_period_start: start,
    current_period_end: end(item),
  })),
  has_more: false as const,
  url: `/v1/subscription_items?subscription=${id}`,
});

/** What paying a subscription-mode Checkout Session creates; events follow Stripe's order. */
export const startSubscription = (
  ctx: EmulatorContext,
  stored: StoredCheckoutSession,
  customerId: string,
): Subscription => {
  const now = unixNow();
  const id = newId('subscription');
  const trialDays = stored.subscriptionTrialDays ?? null;
  const trialEnd = trialDays === null ? null : now + trialDays * DAY_SECONDS;
  const subscription: Subscription = {
    id,
    object: 'subscription',
    customer: customerId,
    status: trialEnd === null ? 'active' : 'trialing',
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    trial_start: trialEnd === null ? null : now,
    trial_end: trialEnd,
    created: now,
    start_date: now,
    currency: stored.session.currency,
    items: itemsOf(stored, id, now, (item) => trialEnd ?? now + periodLength(item.price)),
    metadata: { ...stored.subscriptionMetadata },
    livemode: false,
  };
  ctx.state.subscriptions[id] = subscription;
  ctx.emit('customer.subscription.created', subscription);
  const amount = trialEnd === null ? periodAmount(subscription) : 0;
  ctx.emit('invoice.paid', createInvoice(ctx, subscription, 'subscription_create', amount, true));
  return subscription;
};

const setPrice = (subscription: Subscription, price: Price) => {
  for (const item of subscription.items.data) item.price = price;
};

/** The portal's plan switch. Returns what happened, for the page to say. */
export const switchPrice = (
  ctx: EmulatorContext,
  subscription: Subscription,
  price: Price,
): 'switched' | 'scheduled' => {
  const current = firstItem(subscription).price;
  if (subscription.status === 'canceled')
    throw invalidRequest('This subscription is canceled.', 'subscription');
  if (price.id === current.id || price.recurring === null || price.currency !== subscription.currency) {
    throw invalidRequest('This price cannot replace the current one.', 'price');
  }
  if (price.unit_amount < current.unit_amount) {
    ctx.state.scheduledPriceChanges[subscription.id] = price.id;
    ctx.store.changed();
    return 'scheduled';
  }
  const previousItems = structuredClone(subscription.items);
  setPrice(subscription, price);
  delete ctx.state.scheduledPriceChanges[subscription.id];
  ctx.store.changed();
  ctx.emit('customer.subscription.updated', subscription, { previousAttributes: { items: previousItems } });
  return 'switched';
};

/**
 * The end of the current period (a control, since local time does not run a month): a cancellation at
 * period end ends the subscription; otherwise a scheduled price applies, the next period starts and
 * its invoice is paid, or fails and the subscription goes past due.
 */
export const renewSubscription = (
  ctx: EmulatorContext,
  subscription: Subscription,
  paymentFails: boolean,
) => {
  if (subscription.status === 'canceled')
    throw invalidRequest('This subscription is canceled.', 'subscription');
  const now = unixNow();
  if (subscription.cancel_at_period_end) {
    subscription.status = 'canceled';
    subscription.ended_at = now;
    ctx.store.changed();
    ctx.emit('customer.subscription.deleted', subscription);
    return subscription;
  }
  const previous = { status: subscription.status, items: structuredClone(subscription.items) };
  const scheduled = ctx.state.scheduledPriceChanges[subscription.id];
  if (scheduled !== undefined && ctx.state.prices[scheduled] !== undefined)
    setPrice(subscription, ctx.state.prices[scheduled]);
  delete ctx.state.scheduledPriceChanges[subscription.id];
  for (const item of subscription.items.data) {
    item.current_period_start = now;
    item.current_period_end = now + periodLength(item.price);
  }
  subscription.status = paymentFails ? 'past_due' : 'active';
  const invoice = createInvoice(
    ctx,
    subscription,
    'subscription_cycle',
    periodAmount(subscription),
    !paymentFails,
  );
  ctx.store.changed();
  ctx.emit(paymentFails ? 'invoice.payment_failed' : 'invoice.paid', invoice);
  ctx.emit('customer.subscription.updated', subscription, { previousAttributes: previous });
  return subscription;
};

export const scheduledPriceOf = (ctx: EmulatorContext, subscription: Subscription): Price | undefined => {
  const id = ctx.state.scheduledPriceChanges[subscription.id];
  return id === undefined ? undefined : ctx.state.prices[id];
};
