import { ORDER_AVAILABLE_DAYS } from '../constants';
import type { OrderStatus } from '../schemas/order';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An order is available for 30 days from its creation (configurable where orders are created: the
 * expiry is fixed on the order then, so every reader agrees on it).
 */
export const orderExpiry = (createdAt: Date, availableDays: number = ORDER_AVAILABLE_DAYS): Date =>
  new Date(createdAt.getTime() + availableDays * DAY_MS);

/**
 * The status a customer sees: a stored order that is not fulfilled becomes EXPIRED once its expiry has
 * passed, whether or not a sweeper has written that yet (DynamoDB TTL and schedules run late).
 */
export function effectiveStatus(order: { status: OrderStatus; expiresAt: string }, now: Date): OrderStatus {
  if (order.status === 'FULFILLED' || order.status === 'EXPIRED') return order.status;
  return Date.parse(order.expiresAt) <= now.getTime() ? 'EXPIRED' : order.status;
}

/** Whether an order can still be checked out (paid for or completed) at `now`. */
export const isCheckoutOpen = (order: { status: OrderStatus; expiresAt: string }, now: Date): boolean => {
  const status = effectiveStatus(order, now);
  return status === 'PENDING' || status === 'DRAFT';
};
