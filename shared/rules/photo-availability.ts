/**
 * How long a fulfilled order's photos can be downloaded: 30 days after fulfilment (public document,
 * section 9: "Orders available 30 days"; the success page says photos are available for 30 days).
 * Kept apart from order-status.ts (order expiry and checkout), which the checkout work owns.
 */
import { ORDER_AVAILABLE_DAYS } from '../constants';
import type { OrderStatus } from '../schemas/order';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface OrderForPhotos {
  status: OrderStatus;
  fulfilledAt?: string;
  /** Fallback start when an old record has no fulfilment time. */
  createdAt: string;
}

/** The moment the photos stop being available; undefined for an order that is not fulfilled. */
export function photosAvailableUntil(order: OrderForPhotos): Date | undefined {
  if (order.status !== 'FULFILLED') return undefined;
  const start = Date.parse(order.fulfilledAt ?? order.createdAt);
  return new Date(start + ORDER_AVAILABLE_DAYS * DAY_MS);
}

export type PhotoAccess = 'available' | 'not-fulfilled' | 'gone';

/** Whether a customer may get the order's photos now. */
export function photoAccess(order: OrderForPhotos, now: Date): PhotoAccess {
  const until = photosAvailableUntil(order);
  if (!until) return 'not-fulfilled';
  return now.getTime() < until.getTime() ? 'available' : 'gone';
}
