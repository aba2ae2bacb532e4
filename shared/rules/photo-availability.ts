/**
 * How long a fulfilled order's photos can be downloaded: 30 days after fulfilment (public document,
 * section 9: "Orders available 30 days"; the success page says photos are available for 30 days), or
 * until the end the seller extended it to (shared/rules/access-reminders.ts).
 * Kept apart from order-status.ts (order expiry and checkout).
 *
 * Access follows the payment: a dispute suspends it (a won dispute gives it back for the rest
 * of the period, which is not extended), a full refund or a lost dispute ends it. A partial refund keeps
 * it: the photos were delivered and the refund is a goodwill or price adjustment.
 */
import { ORDER_AVAILABLE_DAYS } from './constants';
import type { OrderStatus } from '../schemas/order';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface OrderForPhotos {
  status: OrderStatus;
  fulfilledAt?: string;
  /** Fallback start when an old record has no fulfilment time. */
  createdAt: string;
  /** Set when the seller extended the access: the period's end from then on. */
  accessEndsAt?: string;
}

/**
 * The end of the download period of an order whose photos may still be served now or again later:
 * FULFILLED, or DISPUTED (the dispute may be won). Undefined otherwise.
 */
export function photosAvailableUntil(order: OrderForPhotos): Date | undefined {
  if (order.status !== 'FULFILLED' && order.status !== 'DISPUTED') return undefined;
  if (order.accessEndsAt) return new Date(order.accessEndsAt);
  const start = Date.parse(order.fulfilledAt ?? order.createdAt);
  return new Date(start + ORDER_AVAILABLE_DAYS * DAY_MS);
}

/**
 * Whether a customer may get the order's photos now: 'available', 'not-fulfilled' (nothing paid yet, or
 * a delayed payment still on its way), 'suspended' (disputed), 'refunded' (refunded in full or dispute
 * lost) or 'gone' (the 30 days are over).
 */
export type PhotoAccess = 'available' | 'not-fulfilled' | 'suspended' | 'refunded' | 'gone';

export function photoAccess(order: OrderForPhotos, now: Date): PhotoAccess {
  if (order.status === 'REFUNDED') return 'refunded';
  const until = photosAvailableUntil(order);
  if (!until) return 'not-fulfilled';
  if (now.getTime() >= until.getTime()) return 'gone';
  return order.status === 'DISPUTED' ? 'suspended' : 'available';
}
