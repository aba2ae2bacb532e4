/**
 * A free order's checkout "session": validate-checkout hands out a random id (kept on the order with a
 * short expiry) that complete-checkout must present. It ties the completion to the email just entered,
 * the way a Stripe Checkout Session ties a payment to its order.
 */
import type { OrderType } from '../schemas/order';

/** How long a free checkout session can be completed: ample for the one click it takes. */
export const FREE_CHECKOUT_SESSION_MS = 30 * 60 * 1000;
/** A session this close to its end is replaced rather than handed out again. */
const MIN_REMAINING_MS = 5 * 60 * 1000;

/** Free checkout is for orders that cost nothing, whatever type a record claims. */
export const isFreeCheckout = (order: { orderType: OrderType; totalMinor: number }): boolean =>
  order.orderType === 'FREE_ORDER' && order.totalMinor === 0;

export interface FreeCheckoutSession {
  id: string;
  expiresAt: string;
}

export interface OrderWithFreeSession {
  freeCheckoutSessionId?: string;
  freeCheckoutExpiresAt?: string;
}

/** The order's session, if it can be handed out again (the customer pressed the button twice, two tabs). */
export function reusableFreeSession(order: OrderWithFreeSession, now: Date): FreeCheckoutSession | undefined {
  const { freeCheckoutSessionId: id, freeCheckoutExpiresAt: expiresAt } = order;
  if (!id || !expiresAt) return undefined;
  return Date.parse(expiresAt) - now.getTime() > MIN_REMAINING_MS ? { id, expiresAt } : undefined;
}

/** Whether `sessionId` is the order's session and can still complete the order at `now`. */
export function freeSessionMatches(order: OrderWithFreeSession, sessionId: string, now: Date): boolean {
  const { freeCheckoutSessionId: id, freeCheckoutExpiresAt: expiresAt } = order;
  return Boolean(id && expiresAt) && id === sessionId && Date.parse(expiresAt ?? '') > now.getTime();
}

export const freeSessionExpiry = (now: Date): string =>
  new Date(now.getTime() + FREE_CHECKOUT_SESSION_MS).toISOString();
