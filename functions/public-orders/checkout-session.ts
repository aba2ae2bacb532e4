/**
 * A paid order's Stripe Checkout Session, created on demand and recreated once it has expired:
 * a destination charge to the seller's Connect account with our 5% application fee, computed here
 * from the stored order in minor units, whatever a client sends.
 */
import { applicationFeeMinor } from '../../shared/rules/money';
import { serverErrors } from '../../shared/errors';
import { appEnv } from '../lib/env';
import { conflict } from '../lib/http-error';
import { attachCheckoutSession, getOrder, type OrderRecord } from '../lib/repositories/orders';
import { getUser } from '../lib/repositories/users';
import { stripe } from '../lib/stripe';

/** A session about to expire is replaced rather than handed to a customer who needs time to pay. */
const MIN_REMAINING_MS = 5 * 60 * 1000;
const STRIPE_MIN_LIFETIME_S = 30 * 60;
const STRIPE_MAX_LIFETIME_S = 24 * 60 * 60;

export interface CheckoutSessionRef {
  id: string;
  url: string;
}

const usable = (order: OrderRecord, now: Date): CheckoutSessionRef | undefined =>
  order.checkoutSessionId &&
  order.checkoutUrl &&
  order.checkoutExpiresAt &&
  Date.parse(order.checkoutExpiresAt) - now.getTime() > MIN_REMAINING_MS
    ? { id: order.checkoutSessionId, url: order.checkoutUrl }
    : undefined;

/**
 * The session ends with the order when the order ends within Stripe's 24 h window. The value is derived
 * from the order, not the clock, so concurrent requests send identical parameters under one idempotency key.
 */
export function sessionExpiresAt(orderExpiresAt: string, now: Date): number | undefined {
  const orderEnd = Math.floor(Date.parse(orderExpiresAt) / 1000);
  const nowS = Math.floor(now.getTime() / 1000);
  if (orderEnd - nowS >= STRIPE_MAX_LIFETIME_S) return undefined;
  return Math.max(orderEnd, nowS + STRIPE_MIN_LIFETIME_S);
}

async function sellerAccount(sellerId: string): Promise<string> {
  const seller = await getUser(sellerId);
  if (!seller?.stripeAccountId || !seller.chargesEnabled)
    throw conflict(serverErrors.sellerCannotAcceptPayments);
  return seller.stripeAccountId;
}

export async function ensureCheckoutSession(order: OrderRecord, now: Date): Promise<CheckoutSessionRef> {
  const existing = usable(order, now);
  if (existing) return existing;
  const destination = await sellerAccount(order.sellerId);
  const { APP_URL } = appEnv();
  const expiresAt = sessionExpiresAt(order.expiresAt, now);
  const client = await stripe();
  const session = await client.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: order.currency.toLowerCase(),
            unit_amount: order.totalMinor,
            product_data: { name: `Photos (${order.photoIds.length})` },
          },
        },
      ],
      payment_intent_data: {
        application_fee_amount: applicationFeeMinor(order.totalMinor),
        transfer_data: { destination },
        metadata: { orderId: order.orderId },
      },
      metadata: { orderId: order.orderId },
      client_reference_id: order.orderId,
      ...(order.customerEmail && { customer_email: order.customerEmail }),
      success_url: `${APP_URL}/checkout/success/${order.orderId}`,
      cancel_url: `${APP_URL}/checkout/cancel`,
      ...(expiresAt && { expires_at: expiresAt }),
    },
    { idempotencyKey: `checkout:${order.orderId}:${order.checkoutSessionId ?? 'first'}` },
  );
  const ref = { id: session.id, url: session.url ?? '' };
  const attached = await attachCheckoutSession(order.orderId, order.checkoutSessionId, {
    ...ref,
    expiresAt: new Date(session.expires_at * 1000).toISOString(),
  });
  if (attached) return ref;
  // Another request attached its session first: hand out that one, so a customer only ever sees one.
  const current = await getOrder(order.orderId);
  return (current && usable(current, now)) ?? ref;
}
