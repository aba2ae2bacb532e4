/**
 * What a Checkout Session in a webhook means for an order, decided without I/O: which order it pays,
 * and whether it really paid for it (paid status, payment mode, the order's own amount and currency).
 */
import type { Stripe } from '../lib/stripe';
import type { OrderRecord } from '../domains/orders/order-store';

export interface SessionPayment {
  orderId: string;
  checkoutSessionId: string;
  paymentIntentId?: string;
  customerEmail?: string;
}

export type SessionVerdict = { pay: SessionPayment } | { ignore: string };

/** The order a session belongs to: metadata and client_reference_id must agree when both are set. */
export function sessionOrderId(session: Stripe.Checkout.Session): string | undefined {
  const fromMetadata = session.metadata?.orderId || undefined;
  const fromReference = session.client_reference_id || undefined;
  if (fromMetadata && fromReference && fromMetadata !== fromReference) return undefined;
  return fromMetadata ?? fromReference;
}

const idOf = (value: string | { id: string } | null): string | undefined =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

/** The payment a paid payment-mode session holds, whatever it is for (to fulfil or to refund). */
export function paidSession(
  session: Stripe.Checkout.Session,
): { checkoutSessionId: string; paymentIntentId?: string } | { ignore: string } {
  if (session.mode !== 'payment') return { ignore: `mode ${session.mode}` };
  if (session.payment_status !== 'paid') return { ignore: `payment_status ${session.payment_status}` };
  const paymentIntentId = idOf(session.payment_intent);
  return { checkoutSessionId: session.id, ...(paymentIntentId && { paymentIntentId }) };
}

/** Re-checks a completed session before it may fulfil anything. */
export function sessionPayment(session: Stripe.Checkout.Session): SessionVerdict {
  const paid = paidSession(session);
  if ('ignore' in paid) return paid;
  const orderId = sessionOrderId(session);
  if (!orderId) return { ignore: 'no order id, or metadata and client_reference_id disagree' };
  const customerEmail = session.customer_details?.email ?? session.customer_email ?? undefined;
  return { pay: { orderId, ...paid, ...(customerEmail && { customerEmail }) } };
}

/** The session paid this order's amount in its currency (computed on our side when the session was made). */
export const paysOrderAmount = (
  session: Pick<Stripe.Checkout.Session, 'amount_total' | 'currency'>,
  order: Pick<OrderRecord, 'totalMinor' | 'currency'>,
): boolean =>
  session.amount_total === order.totalMinor &&
  session.currency?.toLowerCase() === order.currency.toLowerCase();
