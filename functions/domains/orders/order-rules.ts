/**
 * Pure rules about an order's lifetime and its checkout session, decided on a record read before (no
 * I/O): the repositories store, the services decide with these. The payment lifecycle's decisions are
 * in functions/stripe-webhook/order-lifecycle.ts; those the SPA shares are in shared/rules.
 */
import { PICK_ORDER_CHECKOUT_MINUTES } from '#shared/rules/constants';
import { isCheckoutOpen, orderExpiry } from '#shared/rules/order-status';
import { photosAvailableUntil } from '#shared/rules/photo-availability';
import type { OrderStatus, OrderStatusReason } from '#shared/schemas/order';
import { ordersEnv } from '../../lib/env';
import type { OrderChange, OrderRecord } from './order-store';
import { cancelledMove } from './sales-counters';

const MINUTE_MS = 60 * 1000;

/**
 * When a new order stops being available: ORDER_AVAILABLE_DAYS (default 30) after its creation. Order
 * creation stores this as `expiresAt`, which every reader then goes by (effectiveStatus).
 */
export const newOrderExpiresAt = (
  createdAt: Date,
  availableDays: number = ordersEnv().ORDER_AVAILABLE_DAYS,
): string => orderExpiry(createdAt, availableDays).toISOString();

/**
 * When an order made from a customer's pick stops waiting for its payment: PICK_ORDER_CHECKOUT_MINUTES
 * after its creation. Its Checkout Session is made to end then too (checkout-session-params.ts).
 */
export const newPickOrderExpiresAt = (createdAt: Date): string =>
  new Date(createdAt.getTime() + PICK_ORDER_CHECKOUT_MINUTES * MINUTE_MS).toISOString();

/**
 * How long after its creation a pick can still be paid: until its expiry, and a session made just
 * before then lasts Stripe's 30 minutes (rounded up to the minute, with a minute's margin for clocks:
 * checkout-session-params.ts), plus a few minutes' margin.
 */
const PICK_PAYABLE_MS = (PICK_ORDER_CHECKOUT_MINUTES + 35) * MINUTE_MS;

/** The earliest creation time of a pick that can still be paid at `now`: older ones are over. */
export const unpaidPicksSince = (now: Date): string =>
  new Date(now.getTime() - PICK_PAYABLE_MS).toISOString();

/**
 * Whether an order holds its gallery and photos from its creation: a seller's order does (for as long as
 * its customer may check it out); an order a customer made (a pick in a public gallery, a paid extension)
 * holds nothing until it is paid or, free, completed, and counts in the seller's orders only then.
 */
export const holdsFromCreation = (order: Pick<OrderRecord, 'publicId' | 'extendsOrderId'>): boolean =>
  order.publicId === undefined && order.extendsOrderId === undefined;

/** Whether the seller may cancel the order now: it still waits for its checkout (no payment under way). */
export const sellerMayCancel = (order: Pick<OrderRecord, 'status' | 'expiresAt'>, now: Date): boolean =>
  isCheckoutOpen(order, now);

/** States of an order nobody has paid for yet: waiting for its checkout, or a delayed payment on its way. */
const UNPAID: readonly OrderStatus[] = ['PENDING', 'DRAFT', 'PROCESSING'];

/** Why an unpaid order ended before its time. */
export type EndReason = Extract<OrderStatusReason, 'CANCELLED' | 'PHOTOS_REMOVED'>;

/**
 * Ends an unpaid order before its time: EXPIRED with why, its current Checkout Session recorded as ended
 * (it has been expired at Stripe) and a free checkout session dropped, so nothing can complete it any
 * more. Undefined when the order is not unpaid (paid, refunded, ended already).
 */
export function endUnpaid(order: OrderRecord, reason: EndReason, now: Date): OrderChange | undefined {
  if (!UNPAID.includes(order.status)) return undefined;
  const at = now.toISOString();
  const sessionOpen = order.checkoutSessionId !== undefined && order.checkoutSessionEndedAt === undefined;
  return {
    set: {
      status: 'EXPIRED',
      statusReason: reason,
      cancelledAt: at,
      ...(sessionOpen && { checkoutExpiresAt: at, checkoutSessionEndedAt: at }),
    },
    remove: ['freeCheckoutSessionId', 'freeCheckoutExpiresAt'],
    // Counted as cancelled in the same write: the compare-and-set makes it once, whatever the retries.
    counters: cancelledMove(now),
  };
}

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
