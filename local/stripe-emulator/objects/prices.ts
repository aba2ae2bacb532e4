/**
 * Prices: `POST /v1/prices` (inline `product_data`, optional `lookup_key`) and `GET /v1/prices` with
 * `lookup_keys[]`, so an app can find its plan prices by key and create them once when missing.
 */
import type { EmulatorContext } from '../context';
import { invalidRequest, resourceMissing } from '../errors';
import { newId } from '../ids';
import type { Params } from '../params';
import { unixNow } from '../webhooks/signing';
import type { Price } from './types';
import { requireCurrency } from './validate';

const INTERVALS = ['day', 'week', 'month', 'year'] as const;

export const readRecurring = (params: Params) => {
  const recurring = params.optionalObject('recurring');
  if (recurring === undefined) return null;
  recurring.ignore('usage_type', 'aggregate_usage', 'meter', 'trial_period_days');
  return {
    interval: recurring.enumOf('interval', INTERVALS),
    interval_count: recurring.optionalInteger('interval_count', 1) ?? 1,
  };
};

/** A price object; `lookupKey` null for the throw-away prices of inline `price_data`. */
export const newPrice = (fields: {
  currency: string;
  unitAmount: number;
  productName: string;
  recurring: Price['recurring'];
  lookupKey: string | null;
  metadata?: Price['metadata'];
}): Price => ({
  id: newId('price'),
  object: 'price',
  nickname: fields.productName,
  currency: fields.currency,
  unit_amount: fields.unitAmount,
  product: newId('product'),
  recurring: fields.recurring,
  type: fields.recurring === null ? 'one_time' : 'recurring',
  lookup_key: fields.lookupKey,
  active: true,
  created: unixNow(),
  metadata: fields.metadata ?? {},
  livemode: false,
});

export const createPrice = (ctx: EmulatorContext, params: Params): Price => {
  const currency = requireCurrency(params.string('currency'), 'currency');
  const unitAmount = params.integer('unit_amount', 0);
  const productData = params.object('product_data');
  const productName = productData.string('name');
  productData.ignore('metadata', 'statement_descriptor', 'tax_code', 'unit_label', 'active');
  const lookupKey = params.optionalString('lookup_key') ?? null;
  const transfer = params.optionalBoolean('transfer_lookup_key') ?? false;
  const price = newPrice({
    currency,
    unitAmount,
    productName,
    recurring: readRecurring(params),
    lookupKey,
    metadata: params.metadata(),
  });
  params.ignore('nickname', 'tax_behavior', 'billing_scheme', 'active');
  params.assertNoUnknown();
  if (lookupKey !== null) {
    const holder = Object.values(ctx.state.prices).find((other) => other.lookup_key === lookupKey);
    if (holder !== undefined && !transfer) {
      throw invalidRequest(
        `A price (\`${holder.id}\`) already uses that lookup key. Set \`transfer_lookup_key\` to move it.`,
        'lookup_key',
      );
    }
    if (holder !== undefined) holder.lookup_key = null;
  }
  ctx.state.prices[price.id] = price;
  ctx.store.changed();
  return price;
};

/** Newest first, like Stripe; `lookup_keys[]` and `active` filter. */
export const findPrices = (ctx: EmulatorContext, params: Params): Price[] => {
  const keys = params.stringArray('lookup_keys');
  const active = params.optionalBoolean('active');
  params.ignore('expand', 'type', 'currency', 'product', 'recurring');
  return Object.values(ctx.state.prices)
    .filter((price) => keys.length === 0 || (price.lookup_key !== null && keys.includes(price.lookup_key)))
    .filter((price) => active === undefined || price.active === active)
    .sort((a, b) => b.created - a.created);
};

export const requirePrice = (ctx: EmulatorContext, id: string, param: string): Price => {
  const price = ctx.state.prices[id];
  if (price === undefined) throw resourceMissing('price', id, param);
  return price;
};
