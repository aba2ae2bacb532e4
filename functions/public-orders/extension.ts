/**
 * The customer buys the paid extension an ended order offers (shared/rules/paid-extension.ts): an order of
 * its own for the offered price, made like a pick (it holds and counts nothing until paid), which its page
 * takes through the usual checkout. While that order can still be paid, asking again answers it again, so
 * two taps or two tabs pay once; the checkout's own rules refund any second payment.
 */
import { isCheckoutOpen } from '#shared/rules/order-status';
import { extensionOffer } from '#shared/rules/paid-extension';
import { serverErrors } from '#shared/texts/errors';
import { conflict } from '../lib/http-error';
import { newOrderId } from '../lib/ids';
import { getOrder, type OrderRecord } from '../domains/orders/order-store';
import { startExtension } from '../domains/orders/extension-store';
import { newPickOrderExpiresAt } from '../domains/orders/order-rules';
import { canAcceptPayments } from '../domains/orders/order-price';
import { getPhotos } from '../domains/galleries/photo-store';
import { getUser } from '../domains/sellers/seller-store';
import { checkedOrder } from './service';

/** Requests racing to start one order's extension: each loser reads again, this many times at most. */
const START_ATTEMPTS = 3;

/** The extension started before, while it can still be paid at the price offered now. */
async function extensionUnderway(extended: OrderRecord, priceMinor: number, now: Date) {
  if (!extended.extensionOrderId) return undefined;
  const extension = await getOrder(extended.extensionOrderId);
  const payable = extension && (isCheckoutOpen(extension, now) || extension.status === 'PROCESSING');
  return payable && extension.totalMinor === priceMinor ? extension : undefined;
}

/** The photos are all still there to be delivered again (none deleted or being deleted). */
async function photosStillThere(order: OrderRecord): Promise<boolean> {
  const photos = await getPhotos(order.galleryId, order.photoIds);
  return photos.length === order.photoIds.length && photos.every((photo) => !photo.deletingAt);
}

function extensionOrder(extended: OrderRecord, priceMinor: number, now: Date): OrderRecord {
  return {
    orderId: newOrderId(),
    sellerId: extended.sellerId,
    // The member whose order it extends: the sale is theirs in the seller's lists and exports.
    ...(extended.createdBy && { createdBy: extended.createdBy }),
    galleryId: extended.galleryId,
    photoIds: extended.photoIds,
    currency: extended.currency,
    totalMinor: priceMinor,
    orderType: 'PAID_ORDER',
    status: 'PENDING',
    ...(extended.customerEmail && { customerEmail: extended.customerEmail }),
    createdAt: now.toISOString(),
    expiresAt: newPickOrderExpiresAt(now),
    extendsOrderId: extended.orderId,
  };
}

/** The order to pay for the offered extension: 409 when none is offered now, or it cannot be paid. */
async function extensionToPay(extended: OrderRecord, now: Date): Promise<OrderRecord | undefined> {
  const offer = extensionOffer(extended, now);
  if (!offer) throw conflict(serverErrors.extensionNotOffered);
  // A second tap answers the extension the first one started, before anything else is read (a photo
  // deleted since ends an unpaid extension, so one that is still payable still has its photos).
  const underway = await extensionUnderway(extended, offer.priceMinor, now);
  if (underway) return underway;
  if (!(await photosStillThere(extended))) throw conflict(serverErrors.extensionNotOffered);
  const seller = await getUser(extended.sellerId);
  if (!seller || !canAcceptPayments(seller)) throw conflict(serverErrors.sellerCannotAcceptPayments);
  const extension = extensionOrder(extended, offer.priceMinor, now);
  return (await startExtension(extended, extension)) ? extension : undefined;
}

export async function buyExtension(
  orderId: string,
  captchaToken: string,
  sourceIp?: string,
  now = new Date(),
): Promise<{ orderId: string }> {
  let extended = await checkedOrder(orderId, captchaToken, sourceIp);
  for (let attempt = 1; ; attempt++) {
    const extension = await extensionToPay(extended, now);
    if (extension) return { orderId: extension.orderId };
    // Another tap started one first (or the seller changed the offer): decide again on the order as it is.
    const again = attempt < START_ATTEMPTS ? await getOrder(orderId) : undefined;
    if (!again) throw conflict(serverErrors.extensionNotOffered);
    extended = again;
  }
}
