/**
 * Ends unpaid orders before their time: the seller cancels one, or deletes a photo (or the gallery) that
 * customers' unpaid picks name. The order's Checkout Session is expired at Stripe first, so it can no
 * longer be paid, then the order is marked ended (order-rules.ts endUnpaid) with a compare-and-set on its
 * revision; a lost race is decided again on the winner's state. A payment that got through all the same
 * (the customer completed the session a moment before) finds the order ended, or its photos gone, and is
 * refunded by the webhook: whatever the order of events, the customer keeps either the photos or the money.
 */
import { serverErrors } from '#shared/texts/errors';
import { serviceUnavailable } from '../../lib/http-error';
import { logger } from '../../lib/logger';
import { endUnpaid, unpaidPicksSince, type EndReason } from './order-rules';
import { changeOrder, getOrder, listUnpaidPicks, type OrderRecord } from './order-store';
import { expireCheckoutSession, requestStripeCalls, type StripeCalls } from './stripe-checkout-sessions';

/** Lost races are decided again on the winner's state this often. */
const MAX_ATTEMPTS = 3;

export interface EndPolicy {
  reason: EndReason;
  /** Whether the order, as read just now, may be ended. */
  mayEnd(order: OrderRecord, now: Date): boolean;
  /** A session the customer has just completed: leave the order to that payment, or end it anyway. */
  yieldToPayment: boolean;
}

export type EndOutcome =
  | { kind: 'ended'; order: OrderRecord }
  /** Not to be ended (paid, ended already, or the policy says no): as it stands. */
  | { kind: 'unchanged'; order: OrderRecord }
  /** The customer completed its session a moment ago: the payment's webhook settles the order. */
  | { kind: 'payment-underway'; order: OrderRecord }
  | { kind: 'missing' };

/** Stripe's client and one deadline, made on the first call and shared by every order a request ends. */
export class LazyStripeCalls {
  private calls: Promise<StripeCalls> | undefined;
  get(): Promise<StripeCalls> {
    this.calls ??= requestStripeCalls();
    return this.calls;
  }
}

const hasOpenSession = (order: OrderRecord): order is OrderRecord & { checkoutSessionId: string } =>
  order.checkoutSessionId !== undefined && order.checkoutSessionEndedAt === undefined;

export interface EndOptions {
  /** Shared by the orders one request ends. */
  stripeCalls?: LazyStripeCalls;
  /** A session known to be completed (its payment is being refunded): not asked of Stripe again. */
  completedSessionId?: string;
}

/**
 * Ends the order if the policy allows, its open Checkout Session expired at Stripe first. Every unpaid
 * order that ends before its time ends here (the seller's cancel, a deletion, a payment or completion
 * that finds its photos gone).
 */
export async function endUnpaidOrder(
  read: OrderRecord,
  policy: EndPolicy,
  now: Date,
  { stripeCalls = new LazyStripeCalls(), completedSessionId }: EndOptions = {},
): Promise<EndOutcome> {
  let order: OrderRecord | undefined = read;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    if (!order) return { kind: 'missing' };
    const change = policy.mayEnd(order, now) ? endUnpaid(order, policy.reason, now) : undefined;
    if (!change) return { kind: 'unchanged', order };
    if (hasOpenSession(order) && order.checkoutSessionId !== completedSessionId) {
      const session = await expireCheckoutSession(
        await stripeCalls.get(),
        order.checkoutSessionId,
        order.stripeAccountId,
      );
      if (session === 'completed' && policy.yieldToPayment) return { kind: 'payment-underway', order };
    }
    if (await changeOrder(order, change)) {
      logger.info('unpaid order ended', { orderId: order.orderId, reason: policy.reason });
      return { kind: 'ended', order: { ...order, ...change.set } };
    }
    order = await getOrder(order.orderId);
  }
  throw serviceUnavailable(serverErrors.serviceUnavailable);
}

/**
 * A deletion ends every unpaid pick naming what goes, whether or not a delayed payment is on its way
 * (that payment is refunded when it arrives); so does a completion that finds a photo gone.
 */
export const PHOTOS_REMOVED: EndPolicy = {
  reason: 'PHOTOS_REMOVED',
  mayEnd: () => true,
  yieldToPayment: false,
};

/**
 * Ends the unpaid picks of the seller's gallery that name the photo (every one of the gallery's without
 * a photo): what a deletion does before it removes anything. Returns the orders ended.
 */
export async function endUnpaidPicksOf(
  sellerId: string,
  galleryId: string,
  photoId: string | undefined,
  now: Date,
): Promise<string[]> {
  const picks = await listUnpaidPicks(sellerId, galleryId, unpaidPicksSince(now));
  const naming = photoId === undefined ? picks : picks.filter((pick) => pick.photoIds.includes(photoId));
  const stripeCalls = new LazyStripeCalls();
  const ended: string[] = [];
  for (const pick of naming) {
    const order = await getOrder(pick.orderId);
    if (!order) continue;
    const outcome = await endUnpaidOrder(order, PHOTOS_REMOVED, now, { stripeCalls });
    if (outcome.kind === 'ended') ended.push(pick.orderId);
  }
  return ended;
}
