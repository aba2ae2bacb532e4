/**
 * Subscriptions after Checkout: creation (with a free trial when asked), invoices and their events,
 * renewal at the end of a period (paid or failed; a scheduled downgrade or a cancellation takes effect
 * then), and the portal's plan switch, following its configuration: a change that meets one of the
 * `schedule_at_period_end` conditions waits for the period end; any other applies at once, with the
 * proration invoiced and paid at once under `always_invoice`, and a trial ended or kept as
 * `trial_update_behavior` says.
 */
import type { EmulatorContext } from '../context';
import { invalidRequest } from '../errors';
import { newId, randomBase62 } from '../ids';
import { unixNow } from '../webhooks/signing';
import type {
  Invoice,
  LineItem,
  Price,
  ProrationBehavior,
  ScheduleCondition,
  StoredCheckoutSession,
  Subscription,
  TrialUpdateBehavior,
} from './types';

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

/** What a portal configuration says about switching prices (`features.subscription_update`). */
export interface SwitchRules {
  scheduleAtPeriodEnd: readonly ScheduleCondition[];
  prorationBehavior: ProrationBehavior;
  trialUpdateBehavior: TrialUpdateBehavior;
}

const meets = (condition: ScheduleCondition, current: Price, next: Price): boolean =>
  condition === 'decreasing_item_amount'
    ? next.unit_amount < current.unit_amount
    : periodLength(next) < periodLength(current);

const restartPeriod = (subscription: Subscription, now: number) => {
  for (const item of subscription.items.data) {
    item.current_period_start = now;
    item.current_period_end = now + periodLength(item.price);
  }
};

/** The rest of the period at the new price minus the same at the old one (what Stripe prorates). */
const prorationAmount = (subscription: Subscription, previous: Price, now: number): number => {
  const item = firstItem(subscription);
  const length = item.current_period_end - item.current_period_start;
  if (length <= 0) return 0;
  const remaining = Math.max(0, item.current_period_end - now) / length;
  return Math.round((item.price.unit_amount - previous.unit_amount) * item.quantity * remaining);
};

/** The invoice an immediate switch leaves, if any: a trial ended now bills the full period. */
const switchInvoice = (
  ctx: EmulatorContext,
  subscription: Subscription,
  previous: Price,
  rules: SwitchRules,
): Invoice | undefined => {
  const now = unixNow();
  if (subscription.status === 'trialing') {
    if (rules.trialUpdateBehavior === 'continue_trial') return undefined;
    subscription.status = 'active';
    subscription.trial_end = now;
    restartPeriod(subscription, now);
    return createInvoice(ctx, subscription, 'subscription_update', periodAmount(subscription), true);
  }
  if (rules.prorationBehavior !== 'always_invoice') return undefined;
  const amount = prorationAmount(subscription, previous, now);
  return amount > 0 ? createInvoice(ctx, subscription, 'subscription_update', amount, true) : undefined;
};

/** The portal's plan switch, as its configuration's rules say. Returns what happened, for the page to say. */
export const switchPrice = (
  ctx: EmulatorContext,
  subscription: Subscription,
  price: Price,
  rules: SwitchRules,
): 'switched' | 'scheduled' => {
  const current = firstItem(subscription).price;
  if (subscription.status === 'canceled')
    throw invalidRequest('This subscription is canceled.', 'subscription');
  if (price.id === current.id || price.recurring === null || price.currency !== subscription.currency) {
    throw invalidRequest('This price cannot replace the current one.', 'price');
  }
  if (rules.scheduleAtPeriodEnd.some((condition) => meets(condition, current, price))) {
    ctx.state.scheduledPriceChanges[subscription.id] = price.id;
    ctx.store.changed();
    return 'scheduled';
  }
  const previous = {
    items: structuredClone(subscription.items),
    status: subscription.status,
    trial_end: subscription.trial_end,
  };
  setPrice(subscription, price);
  delete ctx.state.scheduledPriceChanges[subscription.id];
  const invoice = switchInvoice(ctx, subscription, current, rules);
  ctx.store.changed();
  ctx.emit('customer.subscription.updated', subscription, {
    previousAttributes: changedOnly(previous, subscription),
  });
  if (invoice !== undefined) ctx.emit('invoice.paid', invoice);
  return 'switched';
};

/** Stripe's `previous_attributes` hold only the fields that changed. */
const changedOnly = (
  previous: Pick<Subscription, 'items' | 'status' | 'trial_end'>,
  now: Subscription,
): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(previous).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(now[key as keyof typeof previous]),
    ),
  );

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
  restartPeriod(subscription, now);
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
