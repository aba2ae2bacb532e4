/**
 * Stores a new order: its photos and gallery held first (order-holds.ts), then the order with its sales
 * counters, then the seller's order counter. Shared by the seller's orders and the orders customers make in public galleries.
 */
import { holdOrderPhotos } from './order-holds';
import { createOrder, type OrderRecord } from './repositories/orders';
import { addToUserCounter } from './repositories/users';

/** `missing` when a photo (or the gallery) went meanwhile: nothing is stored then. */
export async function placeOrder(order: OrderRecord): Promise<'placed' | 'missing'> {
  // Held before the order exists, so a deletion either happened first (and this fails) or is refused.
  if ((await holdOrderPhotos(order, new Date(order.expiresAt))) === 'missing') return 'missing';
  await createOrder(order);
  await addToUserCounter(order.sellerId, 'totalOrderCount', 1);
  return 'placed';
}
