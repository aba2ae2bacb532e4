/** Reads Checkout `line_items` (inline `price_data` only) into Stripe-shaped line items. */
import { invalidRequest, missingParam, resourceMissing } from '../errors';
import { randomBase62 } from '../ids';
import type { Params } from '../params';
import type { CheckoutMode, LineItem } from './types';
import { requireCurrency } from './validate';

const INTERVALS = ['day', 'week', 'month', 'year'] as const;

const readRecurring = (priceData: Params, mode: CheckoutMode) => {
  const recurring = priceData.optionalObject('recurring');
  if (mode === 'subscription' && recurring === undefined) {
    throw invalidRequest(
      'You must specify `recurring` for `price_data` in `subscription` mode.',
      priceData.name('recurring'),
    );
  }
  if (mode === 'payment' && recurring !== undefined) {
    throw invalidRequest(
      'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      priceData.name('recurring'),
    );
  }
  if (recurring === undefined) return null;
  return {
    interval: recurring.enumOf('interval', INTERVALS),
    interval_count: recurring.optionalInteger('interval_count', 1) ?? 1,
  };
};

const readLineItem = (item: Params, mode: CheckoutMode): LineItem => {
  const priceId = item.optionalString('price');
  if (priceId !== undefined) throw resourceMissing('price', priceId, item.name('price'));
  if (!item.has('price_data')) throw missingParam(item.name('price_data'));
  const priceData = item.object('price_data');
  const currency = requireCurrency(priceData.string('currency'), priceData.name('currency'));
  const unitAmount = priceData.integer('unit_amount', 0);
  const productData = priceData.object('product_data');
  const description = productData.string('name');
  productData.ignore('description', 'images', 'metadata', 'tax_code');
  priceData.ignore('tax_behavior');
  const recurring = readRecurring(priceData, mode);
  const quantity = item.integer('quantity', 1);
  item.ignore('adjustable_quantity', 'tax_rates');
  const amount = unitAmount * quantity;
  return {
    id: `li_${randomBase62(24)}`,
    object: 'item',
    description,
    currency,
    quantity,
    amount_subtotal: amount,
    amount_total: amount,
    price: {
      id: `price_${randomBase62(24)}`,
      object: 'price',
      nickname: description,
      currency,
      unit_amount: unitAmount,
      product: `prod_${randomBase62(14)}`,
      recurring,
      type: recurring === null ? 'one_time' : 'recurring',
    },
  };
};

export const readLineItems = (params: Params, mode: CheckoutMode): LineItem[] => {
  const items = params.objectArray('line_items').map((item) => readLineItem(item, mode));
  if (items.length === 0) throw missingParam('line_items');
  const currency = items[0]?.price.currency;
  if (items.some((item) => item.price.currency !== currency)) {
    throw invalidRequest('All line items must use the same currency.', 'line_items');
  }
  return items;
};
