/** Reads Checkout `line_items` (a stored `price` id or inline `price_data`) into Stripe-shaped line items. */
import type { EmulatorContext } from '../context';
import { invalidRequest, missingParam } from '../errors';
import { randomBase62 } from '../ids';
import type { Params } from '../params';
import { newPrice, readRecurring, requirePrice } from './prices';
import type { CheckoutMode, LineItem, Price } from './types';
import { requireCurrency } from './validate';

const requireModeFits = (price: Price, mode: CheckoutMode, param: string) => {
  if (mode === 'subscription' && price.recurring === null) {
    throw invalidRequest('You must specify `recurring` for `price_data` in `subscription` mode.', param);
  }
  if (mode === 'payment' && price.recurring !== null) {
    throw invalidRequest(
      'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      param,
    );
  }
};

const readInlinePrice = (item: Params): Price => {
  if (!item.has('price_data')) throw missingParam(item.name('price_data'));
  const priceData = item.object('price_data');
  const currency = requireCurrency(priceData.string('currency'), priceData.name('currency'));
  const unitAmount = priceData.integer('unit_amount', 0);
  const productData = priceData.object('product_data');
  const productName = productData.string('name');
  productData.ignore('description', 'images', 'metadata', 'tax_code');
  priceData.ignore('tax_behavior');
  return newPrice({
    currency,
    unitAmount,
    productName,
    recurring: readRecurring(priceData),
    lookupKey: null,
  });
};

const readLineItem = (ctx: EmulatorContext, item: Params, mode: CheckoutMode): LineItem => {
  const priceId = item.optionalString('price');
  const price =
    priceId === undefined ? readInlinePrice(item) : requirePrice(ctx, priceId, item.name('price'));
  requireModeFits(price, mode, item.name(priceId === undefined ? 'price_data' : 'price'));
  const quantity = item.integer('quantity', 1);
  item.ignore('adjustable_quantity', 'tax_rates');
  const amount = price.unit_amount * quantity;
  return {
    id: `li_${randomBase62(24)}`,
    object: 'item',
    description: price.nickname,
    currency: price.currency,
    quantity,
    amount_subtotal: amount,
    amount_total: amount,
    price,
  };
};

export const readLineItems = (ctx: EmulatorContext, params: Params, mode: CheckoutMode): LineItem[] => {
  const items = params.objectArray('line_items').map((item) => readLineItem(ctx, item, mode));
  if (items.length === 0) throw missingParam('line_items');
  const currency = items[0]?.price.currency;
  if (items.some((item) => item.price.currency !== currency)) {
    throw invalidRequest('All line items must use the same currency.', 'line_items');
  }
  return items;
};
