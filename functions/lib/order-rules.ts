/**
 * Pure rules about an order's lifetime and its checkout session, decided on a record read before (no
 * I/O): the repositories store, the services decide with these. The payment lifecycle's decisions are
 * in functions/stripe-webhook/order-lifecycle.ts; those the SPA shares are in shared/rules.
 */
import { orderExpiry } from '#shared/rules/order-status';
import { photosAvailableUntil } from '#shared/rules/photo-availability';
import type { OrderStatus } from '#shared/schemas/order';
import { ordersEnv } from './env';

/**
 * When a new order stops being available: ORDER_AVAILABLE_DAYS (default 30) after its creation. Order
 * creation stores this as `expiresAt`, which every reader then goes by (effectiveStatus).
 */
export const newOrderExpiresAt = (
  createdAt: Date,
  availableDays: number = ordersEnv().ORDER_AVAILABLE_DAYS,
): string => orderExpiry(createdAt, availableDays).toISOString();

/** Until when an order holds its photos: its checkout's end, or its download period's if later. */
export function orderHoldsUntil(order: {
  status: OrderStatus;
  expiresAt: string;
  createdAt: string;
  fulfilledAt?: string;
}): Date {
  const checkoutEnds = new Date(order.expiresAt);
  const downloadsEnd = photosAvailableUntil(order);
  return downloadsEnd && downloadsEnd > checkoutEnds ? downloadsEnd : checkoutEnds;
}

/** Until when an order fulfilled `now` keeps its photos downloadable. */
export const fulfilledPhotosUntil = (now: Date): Date =>
  photosAvailableUntil({
    status: 'FULFILLED',
    fulfilledAt: now.toISOString(),
    createdAt: now.toISOString(),
  })!;

/** A session about to expire is replaced rather than handed to a customer who needs time to pay. */
export const MIN_SESSION_REMAINING_MS = 5 * 60 * 1000;

/** What the current Stripe Checkout Session of a paid order is, as the order records it. */
export interface StoredCheckoutSession {
  stripeAccountId?: string;
  checkoutSessionId?: string;
  checkoutUrl?: string;
  checkoutExpiresAt?: string;
  checkoutSessionEndedAt?: string;
}

/**
 * The stored session, if a customer can still pay it: made on the seller's account (sessions of the
 * destination-charge days live on the platform and are replaced), not ended, and not about to end.
 */
export const usableCheckoutSession = (
  order: StoredCheckoutSession,
  now: Date,
): { id: string; url: string } | undefined =>
  order.stripeAccountId &&
  order.checkoutSessionId &&
  order.checkoutUrl &&
  order.checkoutExpiresAt &&
  !order.checkoutSessionEndedAt &&
  Date.parse(order.checkoutExpiresAt) - now.getTime() > MIN_SESSION_REMAINING_MS
    ? { id: order.checkoutSessionId, url: order.checkoutUrl }
    : undefined;
