import { ORDER_AVAILABLE_DAYS } from './constants';
import type { OrderStatus } from '../schemas/order';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An order is available for 30 days from its creation (configurable where orders are created: the
 * expiry is fixed on the order then, so every reader agrees on it).
 */
export const orderExpiry = (createdAt: Date, availableDays: number = ORDER_AVAILABLE_DAYS): Date =>
  new Date(createdAt.getTime() + availableDays * DAY_MS);

/** States in which the order still waits for its checkout: the only ones its expiry ends. */
const AWAITING_CHECKOUT: readonly OrderStatus[] = ['PENDING', 'DRAFT'];

/**
 * The status a customer sees: an order still waiting for its checkout becomes EXPIRED once its expiry has
 * passed, whether or not a sweeper has written that yet (DynamoDB TTL and schedules run late). Once money
 * has moved (PROCESSING, FULFILLED, DISPUTED, REFUNDED) the stored status stands: a delayed payment that
 * arrives after the expiry still pays for the order.
 */
export function effectiveStatus(order: { status: OrderStatus; expiresAt: string }, now: Date): OrderStatus {
  if (!AWAITING_CHECKOUT.includes(order.status)) return order.status;
  return Date.parse(order.expiresAt) <= now.getTime() ? 'EXPIRED' : order.status;
}

/** Whether an order can still be checked out (paid for or completed) at `now`. */
export const isCheckoutOpen = (order: { status: OrderStatus; expiresAt: string }, now: Date): boolean =>
  AWAITING_CHECKOUT.includes(effectiveStatus(order, now));

/** Whether the order's payment was taken at some point (fulfilled, then perhaps disputed or refunded). */
export const wasPaid = (status: OrderStatus): boolean =>
  status === 'FULFILLED' || status === 'DISPUTED' || status === 'REFUNDED';
