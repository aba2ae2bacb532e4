/**
 * The seller's paid extension offer on one of their completed orders (shared/rules/paid-extension.ts): a
 * price (in GBP, at least a paid order's minimum) the order's page offers once access has ended, or none.
 */
import { mayOfferExtension } from '#shared/rules/paid-extension';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { badRequest, conflict } from '../lib/http-error';
import { setExtensionPrice } from '../domains/orders/extension-store';
import { canAcceptPayments, checkPrice } from '../domains/orders/order-price';
import { getUser } from '../domains/sellers/seller-store';
import { ownOrder, sellerOrderView } from './service';

/** The price in minor units, refused when it is not a card payment the seller can take. */
async function extensionPriceMinor(userId: string, price: number): Promise<number> {
  const checked = checkPrice(price);
  if (!checked.ok) throw badRequest(checked.message);
  if (checked.orderType !== 'PAID_ORDER') throw badRequest(sellerToolErrors.paidOrderMinimum);
  const user = await getUser(userId);
  if (!user || !canAcceptPayments(user)) throw conflict(sellerToolErrors.paymentsNotActive);
  return checked.totalMinor;
}

export async function offerExtension(
  userId: string,
  orderId: string,
  price: number | null,
  now = new Date(),
) {
  const order = await ownOrder(userId, orderId);
  const priceMinor = price === null ? undefined : await extensionPriceMinor(userId, price);
  const written = mayOfferExtension(order) ? await setExtensionPrice(order, priceMinor) : undefined;
  if (!written) throw conflict(sellerToolErrors.extensionNotOfferable);
  return sellerOrderView(written, now);
}
