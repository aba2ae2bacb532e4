/**
 * Stores a new order. A seller's order: its photos and gallery held first (order-holds.ts), then the
 * order with its sales counters and the seller's order count. A customer's pick in a public gallery:
 * the order alone (with its counters), which holds nothing and counts in the seller's orders only once it
 * is paid or, free, completed (in the write that makes it a sale: repositories/orders.ts).
 */
import { holdOrderPhotos } from './order-holds';
import { holdsFromCreation } from './order-rules';
import { createOrder, type OrderRecord } from './order-store';

/** `missing` when a photo (or the gallery) went meanwhile: nothing is stored then. */
export async function placeOrder(order: OrderRecord): Promise<'placed' | 'missing'> {
  // Held before the order exists, so a deletion either happened first (and this fails) or is refused.
  if (holdsFromCreation(order) && (await holdOrderPhotos(order, new Date(order.expiresAt))) === 'missing')
    return 'missing';
  await createOrder(order);
  return 'placed';
}
