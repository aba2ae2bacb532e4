/**
 * What a paid order's Checkout Session is made of, decided without I/O: a direct charge on the seller's
 * connected account (the `Stripe-Account` header) with our 5% as the application fee, computed from the
 * stored order in minor units whatever a client sends; when it ends; and the idempotency key, derived from
 * the request itself so identical requests share one session and different ones never collide.
 */
import { createHash } from 'node:crypto';
import type { Stripe } from '../lib/stripe';
import { ORDER_AVAILABLE_DAYS } from '#shared/rules/constants';
import { applicationFeeMinor } from '#shared/rules/money';
import type { OrderRecord } from '../domains/orders/order-store';

const STRIPE_MIN_LIFETIME_S = 30 * 60;
const STRIPE_MAX_LIFETIME_S = 24 * 60 * 60;
/** Our clock and Stripe's differ a little, and the request takes time: stay clear of Stripe's minimum. */
const CLOCK_MARGIN_S = 60;

/**
 * The session ends with the order when the order ends within Stripe's 24 h window (else Stripe's default,
 * 24 h). Near the order's end, Stripe's 30-minute minimum applies, rounded up to the minute: concurrent
 * checks within the same minute then send the same value and share one session.
 */
export function sessionExpiresAt(orderExpiresAt: string, now: Date): number | undefined {
  const orderEnd = Math.floor(Date.parse(orderExpiresAt) / 1000);
  const nowS = Math.floor(now.getTime() / 1000);
  if (orderEnd - nowS >= STRIPE_MAX_LIFETIME_S) return undefined;
  const earliest = Math.ceil((nowS + STRIPE_MIN_LIFETIME_S + CLOCK_MARGIN_S) / 60) * 60;
  return Math.max(orderEnd, earliest);
}

/** What the customer sees they pay for on Stripe's page: the photos, or more days to download them. */
const productName = (order: OrderRecord): string =>
  order.extendsOrderId
    ? `${ORDER_AVAILABLE_DAYS} more days to download your photos (${order.photoIds.length})`
    : `Photos (${order.photoIds.length})`;

export function checkoutSessionParams(
  order: OrderRecord,
  appUrl: string,
  now: Date,
): Stripe.Checkout.SessionCreateParams {
  const expiresAt = sessionExpiresAt(order.expiresAt, now);
  return {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: order.currency.toLowerCase(),
          unit_amount: order.totalMinor,
          product_data: { name: productName(order) },
        },
      },
    ],
    // The charge is the seller's (direct charge): Stripe's fee comes out of it, our 5% goes to us.
    payment_intent_data: {
      application_fee_amount: applicationFeeMinor(order.totalMinor),
      // Refund and dispute events name the payment intent: this leads them back to the order.
      metadata: { orderId: order.orderId },
    },
    metadata: { orderId: order.orderId },
    client_reference_id: order.orderId,
    ...(order.customerEmail && { customer_email: order.customerEmail }),
    success_url: `${appUrl}/checkout/success/${order.orderId}`,
    cancel_url: `${appUrl}/checkout/cancel`,
    ...(expiresAt && { expires_at: expiresAt }),
  };
}

/** JSON with object keys sorted, so equal parameters always hash alike. */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
};

/**
 * One key per distinct request: the order, the account, the session it replaces and every parameter.
 * A retried or concurrent identical request gets the same session back from Stripe; a request that
 * differs (another expiry, a later replacement) gets a key of its own instead of an idempotency error.
 */
export function checkoutIdempotencyKey(
  orderId: string,
  request: {
    stripeAccount: string;
    replaces: string | undefined;
    params: Stripe.Checkout.SessionCreateParams;
  },
): string {
  const digest = createHash('sha256')
    .update(canonical({ ...request, replaces: request.replaces ?? null }))
    .digest('base64url');
  return `checkout:${orderId}:${digest}`;
}
