/**
 * Checkout Session events for customer orders: a paid session fulfils its order once and sends the
 * confirmation email once; an expired session is marked ended so the next order check makes a fresh one.
 * Subscription sessions (mode 'subscription') are not orders and are left alone here.
 */
import type Stripe from 'stripe';
import { resumeConfirmation, sendConfirmation } from '../lib/confirmation';
import { logger } from '../lib/logger';
import {
  endCheckoutSession,
  fulfilPaidOrder,
  getOrder,
  getOrderConsistent,
} from '../lib/repositories/orders';
import { fulfilledPhotosUntil, holdOrderPhotos } from '../lib/repositories/order-holds';
import { addToUserCounter } from '../lib/repositories/user-counters';
import { RetryLater } from './retry-later';
import { paysOrderAmount, sessionOrderId, sessionPayment } from './session-completion';

/**
 * The dashboard's totalSales, moved once by the delivery that won the fulfilling write. A failure is
 * logged, not retried: a retry would find the order fulfilled and must not count it again.
 */
async function countSale(sellerId: string, totalMinor: number): Promise<void> {
  await addToUserCounter(sellerId, 'totalSalesMinor', totalMinor).catch((error: unknown) =>
    logger.error('sale not counted on the dashboard', { sellerId, totalMinor, error }),
  );
}

export async function onCheckoutSessionPaid(session: Stripe.Checkout.Session): Promise<void> {
  const verdict = sessionPayment(session);
  if ('ignore' in verdict) {
    logger.info('checkout session not fulfilled', { sessionId: session.id, reason: verdict.ignore });
    return;
  }
  const { pay } = verdict;
  const order = await getOrder(pay.orderId);
  if (!order) {
    logger.error('paid checkout session for an unknown order', {
      sessionId: session.id,
      orderId: pay.orderId,
    });
    return;
  }
  if (!paysOrderAmount(session, order)) {
    logger.error('paid amount differs from the order', {
      orderId: order.orderId,
      paid: session.amount_total,
      currency: session.currency,
      orderTotal: order.totalMinor,
    });
    return;
  }
  const now = new Date();
  // The gallery and photos stay while the customer can download them; held before the order says so.
  await holdOrderPhotos(order, fulfilledPhotosUntil(now));
  if (await fulfilPaidOrder(order.orderId, pay, now)) {
    await countSale(order.sellerId, order.totalMinor);
    await sendConfirmation({
      ...order,
      status: 'FULFILLED',
      fulfilledAt: now.toISOString(),
      customerEmail: pay.customerEmail ?? order.customerEmail,
    });
    return;
  }
  // Already fulfilled (a duplicate delivery, or a concurrent one won). If its sender died before the
  // email went out, this delivery sends it; otherwise nothing happens again.
  const current = await getOrderConsistent(order.orderId);
  if (current?.status !== 'FULFILLED') return;
  if ((await resumeConfirmation(current, now)) === 'held-elsewhere') {
    // Fulfilled but its email not recorded yet: fail this delivery so Stripe retries until it is.
    throw new RetryLater(`confirmation email of order ${order.orderId} is not settled yet`);
  }
}

export async function onCheckoutSessionExpired(session: Stripe.Checkout.Session): Promise<void> {
  if (session.mode !== 'payment') return;
  const orderId = sessionOrderId(session);
  if (!orderId) return;
  await endCheckoutSession(orderId, session.id, new Date());
}
