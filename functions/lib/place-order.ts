/**
 * Stores a new order. A seller's order: its photos and gallery held first (order-holds.ts), then the
 * order with its sales counters, then the seller's order counter. A customer's pick in a public gallery:
 * the order alone (with its counters), which holds nothing and counts in the seller's orders only once it
 * is paid or, free, completed (countSoldPick).
 */
import { holdOrderPhotos } from './order-holds';
import { holdsFromCreation } from './order-rules';
import { createOrder, type OrderRecord } from './repositories/orders';
import { addToUserCounter } from './repositories/users';

/** `missing` when a photo (or the gallery) went meanwhile: nothing is stored then. */
export async function placeOrder(order: OrderRecord): Promise<'placed' | 'missing'> {
  if (!holdsFromCreation(order)) {
    await createOrder(order);
    return 'placed';
  }
  // Held before the order exists, so a deletion either happened first (and this fails) or is refused.
  if ((await holdOrderPhotos(order, new Date(order.expiresAt))) === 'missing') return 'missing';
  await createOrder(order);
  await addToUserCounter(order.sellerId, 'totalOrderCount', 1);
  return 'placed';
}

/**
 * A customer's pick counts in the seller's orders when it becomes a sale: called once, by the request
 * whose write made it one (the paid webhook's or the free completion's).
 */
export async function countSoldPick(order: Pick<OrderRecord, 'sellerId' | 'publicId'>): Promise<void> {
  if (!holdsFromCreation(order)) await addToUserCounter(order.sellerId, 'totalOrderCount', 1);
}
