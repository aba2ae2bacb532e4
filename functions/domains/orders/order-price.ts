/** Pure checks of a new order's price and photos (seller orders). */
import { DEFAULT_CURRENCY, MIN_PAID_ORDER_MINOR } from '#shared/rules/constants';
import { toMinorUnits } from '#shared/rules/money';
import type { OrderType } from '#shared/schemas/order';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';

export type PriceCheck =
  { ok: true; totalMinor: number; orderType: OrderType; currency: string } | { ok: false; message: string };

/** A total of 0 is a free order; anything else is paid by card, in GBP, at least Stripe's minimum. */
export function checkPrice(total: number, currency: string = DEFAULT_CURRENCY): PriceCheck {
  if (currency !== DEFAULT_CURRENCY) return { ok: false, message: sellerToolErrors.currencyNotSupported };
  const totalMinor = toMinorUnits(total, currency);
  if (Math.abs(totalMinor - total * 100) > 1e-6)
    return { ok: false, message: sellerToolErrors.priceDecimals };
  if (totalMinor === 0) return { ok: true, totalMinor, orderType: 'FREE_ORDER', currency };
  if (totalMinor < MIN_PAID_ORDER_MINOR) return { ok: false, message: sellerToolErrors.paidOrderMinimum };
  return { ok: true, totalMinor, orderType: 'PAID_ORDER', currency };
}

/** A seller can take card payments when the plan allows it and Stripe says the account can charge. */
export const canAcceptPayments = (user: {
  paymentAcceptanceEnabled?: boolean;
  chargesEnabled?: boolean;
  stripeAccountId?: string;
}): boolean => Boolean(user.paymentAcceptanceEnabled && user.chargesEnabled && user.stripeAccountId);
