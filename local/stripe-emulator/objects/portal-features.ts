/**
 * The `features` of a billing portal configuration, read from a create or an update call. A create
 * starts from Stripe's defaults (every feature off, no prorations, an update ends a trial); an update
 * changes only what it names. Checked as Stripe checks them: enums, the `enabled` flags a create must
 * give, at most 10 products whose prices are theirs and recurring, and a cancellation's proration
 * (`always_invoice` is refused; `create_prorations` only when cancelling at once).
 *
 * One check is the emulator's own: enabling subscription updates needs products and allowed updates
 * (a portal offering no plan to switch to is a set-up mistake worth failing loudly on).
 */
import type { EmulatorContext } from '../context';
import { invalidRequest, missingParam, resourceMissing } from '../errors';
import type { Params } from '../params';
import type { PortalFeatures, PortalProduct, ProrationBehavior } from './types';

const PRORATION_BEHAVIORS = ['none', 'create_prorations', 'always_invoice'] as const;
const CUSTOMER_UPDATES = ['address', 'email', 'name', 'phone', 'shipping', 'tax_id'] as const;
const SUBSCRIPTION_UPDATES = ['price', 'promotion_code', 'quantity'] as const;
const SCHEDULE_CONDITIONS = ['decreasing_item_amount', 'shortening_interval'] as const;
const CANCELLATION_REASONS = [
  'customer_service',
  'low_quality',
  'missing_features',
  'other',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
] as const;
const MAX_PRODUCTS = 10;

export const defaultFeatures = (): PortalFeatures => ({
  customer_update: { allowed_updates: [], enabled: false },
  invoice_history: { enabled: false },
  payment_method_update: { enabled: false, payment_method_configuration: null },
  subscription_cancel: {
    cancellation_reason: { enabled: false, options: [] },
    enabled: false,
    mode: 'at_period_end',
    proration_behavior: 'none',
  },
  subscription_pause: { enabled: false },
  subscription_update: {
    billing_cycle_anchor: null,
    default_allowed_updates: [],
    enabled: false,
    products: [],
    proration_behavior: 'none',
    schedule_at_period_end: { conditions: [] },
    trial_update_behavior: 'end_trial',
  },
});

/** `enabled` is required on create and optional on update for some features, always for others. */
const enabledFlag = (params: Params, current: boolean, required: boolean): boolean => {
  const value = params.optionalBoolean('enabled');
  if (value !== undefined) return value;
  if (required) throw missingParam(params.name('enabled'));
  return current;
};

/** Given (possibly empty, to clear it) or absent (unchanged). */
const given = (params: Params, key: string): boolean => params.keys().includes(key);

const readCustomerUpdate = (p: Params, current: PortalFeatures['customer_update'], creating: boolean) => ({
  enabled: enabledFlag(p, current.enabled, creating),
  allowed_updates: given(p, 'allowed_updates')
    ? p.enumArray('allowed_updates', CUSTOMER_UPDATES)
    : current.allowed_updates,
});

const readCancel = (p: Params, current: PortalFeatures['subscription_cancel'], creating: boolean) => {
  const reason = p.optionalObject('cancellation_reason');
  const cancel = {
    enabled: enabledFlag(p, current.enabled, creating),
    mode: p.optionalEnum('mode', ['at_period_end', 'immediately'] as const) ?? current.mode,
    proration_behavior:
      p.optionalEnum('proration_behavior', PRORATION_BEHAVIORS) ?? current.proration_behavior,
    cancellation_reason:
      reason === undefined
        ? current.cancellation_reason
        : {
            enabled: enabledFlag(reason, current.cancellation_reason.enabled, true),
            options: given(reason, 'options')
              ? reason.enumArray('options', CANCELLATION_REASONS)
              : current.cancellation_reason.options,
          },
  };
  reason?.ignore('feedback_options');
  checkCancelProration(cancel.proration_behavior, cancel.mode, p.name('proration_behavior'));
  return cancel;
};

const checkCancelProration = (behavior: ProrationBehavior, mode: string, param: string): void => {
  if (behavior === 'always_invoice') {
    throw invalidRequest('`always_invoice` is not a valid proration behavior for cancellations.', param);
  }
  if (behavior === 'create_prorations' && mode !== 'immediately') {
    throw invalidRequest('`create_prorations` can only be used with `mode=immediately`.', param);
  }
};

const readProduct = (ctx: EmulatorContext, p: Params): PortalProduct => {
  const product = p.string('product');
  const prices = p.stringArray('prices');
  if (prices.length === 0) throw missingParam(p.name('prices'));
  const quantity = p.optionalObject('adjustable_quantity');
  const adjustable = {
    enabled: quantity === undefined ? false : enabledFlag(quantity, false, true),
    maximum: quantity?.optionalInteger('maximum', 1) ?? null,
    minimum: quantity?.optionalInteger('minimum', 0) ?? 1,
  };
  const known = Object.values(ctx.state.prices);
  if (!known.some((price) => price.product === product))
    throw resourceMissing('product', product, p.name('product'));
  prices.forEach((id, index) => {
    const price = ctx.state.prices[id];
    const param = `${p.name('prices')}[${index}]`;
    if (price === undefined) throw resourceMissing('price', id, param);
    if (price.product !== product)
      throw invalidRequest(`The price ${id} does not belong to product ${product}.`, param);
    if (price.recurring === null) throw invalidRequest(`The price ${id} is not a recurring price.`, param);
  });
  return { product, prices, adjustable_quantity: adjustable };
};

const readProducts = (ctx: EmulatorContext, p: Params, current: PortalProduct[]): PortalProduct[] => {
  if (!given(p, 'products')) return current;
  const products = p.objectArray('products').map((product) => readProduct(ctx, product));
  if (products.length > MAX_PRODUCTS) {
    throw invalidRequest(`You can specify at most ${MAX_PRODUCTS} products.`, p.name('products'));
  }
  return products;
};

const readConditions = (
  p: Params,
  current: PortalFeatures['subscription_update']['schedule_at_period_end'],
) => {
  const schedule = p.optionalObject('schedule_at_period_end');
  if (schedule === undefined || !given(schedule, 'conditions')) return current;
  return {
    conditions: schedule
      .objectArray('conditions')
      .map((condition) => ({ type: condition.enumOf('type', SCHEDULE_CONDITIONS) })),
  };
};

const readSubscriptionUpdate = (
  ctx: EmulatorContext,
  p: Params,
  current: PortalFeatures['subscription_update'],
  creating: boolean,
) => {
  const update = {
    enabled: enabledFlag(p, current.enabled, creating),
    default_allowed_updates: given(p, 'default_allowed_updates')
      ? p.enumArray('default_allowed_updates', SUBSCRIPTION_UPDATES)
      : current.default_allowed_updates,
    products: readProducts(ctx, p, current.products),
    proration_behavior:
      p.optionalEnum('proration_behavior', PRORATION_BEHAVIORS) ?? current.proration_behavior,
    schedule_at_period_end: readConditions(p, current.schedule_at_period_end),
    trial_update_behavior:
      p.optionalEnum('trial_update_behavior', ['continue_trial', 'end_trial'] as const) ??
      current.trial_update_behavior,
    billing_cycle_anchor:
      p.optionalEnum('billing_cycle_anchor', ['now', 'unchanged'] as const) ?? current.billing_cycle_anchor,
  };
  if (update.enabled && (update.products.length === 0 || update.default_allowed_updates.length === 0)) {
    throw invalidRequest(
      'Subscription updates need at least one product and one allowed update when enabled.',
      p.name('products'),
    );
  }
  return update;
};

/** The features after a create (`current` = the defaults) or an update call. */
export const readFeatures = (
  ctx: EmulatorContext,
  features: Params,
  current: PortalFeatures,
  creating: boolean,
): PortalFeatures => {
  const customerUpdate = features.optionalObject('customer_update');
  const invoiceHistory = features.optionalObject('invoice_history');
  const paymentMethod = features.optionalObject('payment_method_update');
  const cancel = features.optionalObject('subscription_cancel');
  const pause = features.optionalObject('subscription_pause');
  const update = features.optionalObject('subscription_update');
  paymentMethod?.ignore('payment_method_configuration');
  pause?.ignore('duration');
  return {
    customer_update: customerUpdate
      ? readCustomerUpdate(customerUpdate, current.customer_update, creating)
      : current.customer_update,
    invoice_history: invoiceHistory
      ? { enabled: enabledFlag(invoiceHistory, current.invoice_history.enabled, true) }
      : current.invoice_history,
    payment_method_update: paymentMethod
      ? {
          enabled: enabledFlag(paymentMethod, current.payment_method_update.enabled, true),
          payment_method_configuration: null,
        }
      : current.payment_method_update,
    subscription_cancel: cancel
      ? readCancel(cancel, current.subscription_cancel, creating)
      : current.subscription_cancel,
    subscription_pause: pause
      ? { enabled: enabledFlag(pause, current.subscription_pause.enabled, false) }
      : current.subscription_pause,
    subscription_update: update
      ? readSubscriptionUpdate(ctx, update, current.subscription_update, creating)
      : current.subscription_update,
  };
};
