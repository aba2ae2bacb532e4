/**
 * The seller's paid extension (ours). Once a completed order's download access has ended, its page can
 * offer the customer ORDER_AVAILABLE_DAYS more, at the price the seller set on that order. The customer
 * buys it as an order of its own (`extendsOrderId` names the order it extends), through the usual
 * checkout, so its money, refunds and disputes follow every rule of a paid order. Once paid, the extended
 * order's access runs to the extension's end as well, so the customer's first link opens again.
 */
import { photoAccess, photosAvailableUntil, type OrderForPhotos } from './photo-availability';

/** The end a paid extension bought: its own download period's, once it is paid (its fulfilment's). */
const boughtEnd = (extension: OrderForPhotos): Date | undefined =>
  photosAvailableUntil({ ...extension, status: 'FULFILLED' });

export interface ExtensibleOrder extends OrderForPhotos {
  /** The price of the paid extension the seller offers (minor units); absent: none offered. */
  extensionPriceMinor?: number;
  /** Set on an extension: the order it extends. */
  extendsOrderId?: string;
}

/**
 * Whether the seller may offer (or withdraw) a paid extension on an order: a completed one, not refunded
 * nor disputed, and not an extension itself (the customer extends again from the first order's page).
 */
export const mayOfferExtension = (order: ExtensibleOrder): boolean =>
  order.status === 'FULFILLED' && !order.extendsOrderId;

/** The offer the customer sees now: only once the access has ended, and only while it may be offered. */
export function extensionOffer(order: ExtensibleOrder, now: Date): { priceMinor: number } | undefined {
  if (!order.extensionPriceMinor || !mayOfferExtension(order)) return undefined;
  return photoAccess(order, now) === 'gone' ? { priceMinor: order.extensionPriceMinor } : undefined;
}

/**
 * The extended order's new access end once its extension is paid: the extension's own end, when that is
 * later than the extended order's (undefined: nothing to change, e.g. the same payment reported again, or
 * the extended order refunded or disputed meanwhile).
 */
export function purchasedAccessEnd(extended: OrderForPhotos, extension: OrderForPhotos): Date | undefined {
  if (extended.status !== 'FULFILLED' || !extension.fulfilledAt) return undefined;
  const bought = photosAvailableUntil(extension);
  const current = photosAvailableUntil(extended);
  return bought && current && bought.getTime() > current.getTime() ? bought : undefined;
}

/**
 * Where the extended order's access goes when its extension's payment moves (a refund, a dispute, the
 * dispute's outcome) `now`: to the extension's end again while the extension's own photos are available;
 * back to now when they are not (refunded in full, disputed or lost), but only while the extended order
 * still ends where the extension put it (the seller may have given it other days since). Undefined: no
 * change.
 */
export function followedAccessEnd(
  extended: OrderForPhotos,
  extension: OrderForPhotos,
  now: Date,
): Date | undefined {
  if (photoAccess(extension, now) === 'available') return purchasedAccessEnd(extended, extension);
  const bought = extension.fulfilledAt ? boughtEnd(extension) : undefined;
  const endsThere = bought && extended.accessEndsAt === bought.toISOString();
  return endsThere && extended.status === 'FULFILLED' && bought.getTime() > now.getTime() ? now : undefined;
}
