/**
 * Customer checkout of free orders (public document, sections 4 and 7): validate-checkout stores the
 * customer's email and hands out a short-lived checkout session; complete-checkout fulfils the order with
 * that session, exactly once, and sends the confirmation email once. Paid orders are fulfilled by the
 * Stripe webhook; for them complete-checkout only reports the status.
 */
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { serverErrors } from '#shared/texts/errors';
import {
  freeSessionExpiry,
  freeSessionMatches,
  isFreeCheckout,
  reusableFreeSession,
} from '#shared/rules/free-checkout';
import { effectiveStatus, wasPaid } from '#shared/rules/order-status';
import type { OrderStatus } from '#shared/schemas/order';
import { verifyCaptcha } from '../lib/captcha';
import {
  resumeConfirmation,
  sendConfirmation,
  type EmailOutcome,
} from '../domains/orders/order-confirmation';
import { badRequest, conflict, gone, notFound } from '../lib/http-error';
import { newCheckoutSessionId } from '../lib/ids';
import {
  fulfilFreeOrder,
  getOrder,
  startFreeCheckout,
  type OrderRecord,
} from '../domains/orders/order-store';
import { endUnpaidOrder, PHOTOS_REMOVED } from '../domains/orders/end-unpaid-order';
import { holdForFulfilment } from '../domains/orders/order-holds';

export interface CheckoutRequest {
  orderId: string;
  captchaToken: string;
  sourceIp?: string;
}

/** A lost race is retried this often before giving up (each retry re-reads the winner's state). */
const MAX_ATTEMPTS = 3;

/** Throws unless the order exists and can still be checked out. */
function assertOpen(order: OrderRecord | undefined, now: Date): asserts order is OrderRecord {
  if (!order) throw notFound(serverErrors.orderNotFound);
  const status = effectiveStatus(order, now);
  // Paid once, whatever became of the payment since (a refund, a dispute): never checked out again.
  if (wasPaid(status)) throw conflict(serverErrors.orderAlreadyFulfilled);
  if (status === 'EXPIRED')
    throw gone(order.cancelledAt ? serverErrors.orderCancelled : serverErrors.orderExpired);
}

/**
 * A free order whose completing request died after fulfilling it (a timeout, a crash) has no email: the
 * customer's next attempt sends it, once (the claim is taken over only when stale), before being told the
 * order is already fulfilled. Stripe's redeliveries do the same for paid orders.
 */
async function resumeFreeOrderEmail(order: OrderRecord | undefined, now: Date): Promise<void> {
  if (order?.status === 'FULFILLED' && isFreeCheckout(order)) await resumeConfirmation(order, now);
}

export async function validateCheckout(
  request: CheckoutRequest & { customerEmail: string },
): Promise<{ orderDetails: { sessionId: string } }> {
  await verifyCaptcha(request.captchaToken, CAPTCHA_ACTIONS.validateCheckout, request.sourceIp);
  let order = await getOrder(request.orderId);
  await resumeFreeOrderEmail(order, new Date());
  for (let attempt = 1; ; attempt++) {
    const now = new Date();
    assertOpen(order, now);
    if (!isFreeCheckout(order)) throw conflict(serverErrors.orderNotFree);
    const session = reusableFreeSession(order, now) ?? {
      id: newCheckoutSessionId(),
      expiresAt: freeSessionExpiry(now),
    };
    const stored = await startFreeCheckout(
      order.orderId,
      request.customerEmail,
      order.freeCheckoutSessionId,
      session,
      now,
    );
    if (stored) return { orderDetails: { sessionId: session.id } };
    // The order changed since it was read (fulfilled, or another request started a session): look again.
    if (attempt >= MAX_ATTEMPTS) throw conflict(serverErrors.checkoutSessionInvalid);
    order = await getOrder(request.orderId);
  }
}

export async function completeCheckout(
  request: CheckoutRequest & { sessionId: string },
): Promise<{ status: OrderStatus } & EmailOutcome> {
  await verifyCaptcha(request.captchaToken, CAPTCHA_ACTIONS.completeCheckout, request.sourceIp);
  const order = await getOrder(request.orderId);
  const now = new Date();
  await resumeFreeOrderEmail(order, now);
  assertOpen(order, now);
  if (!isFreeCheckout(order)) return paidOrderStatus(order, request.sessionId, now);
  if (!freeSessionMatches(order, request.sessionId, now)) throw conflict(serverErrors.checkoutSessionInvalid);
  if ((await holdForFulfilment(order, now)) === 'missing') {
    // A photo of a customer's pick (or its gallery) was deleted meanwhile: the order ends, as the deletion would.
    await endUnpaidOrder(order, PHOTOS_REMOVED, now);
    throw gone(serverErrors.orderCancelled);
  }
  if (!(await fulfilFreeOrder(order, request.sessionId, now))) {
    // Lost: say why, from the winner's state (fulfilled by a concurrent request, expired, or a stale session).
    assertOpen(await getOrder(order.orderId), new Date());
    throw conflict(serverErrors.checkoutSessionInvalid);
  }
  const fulfilled: OrderRecord = { ...order, status: 'FULFILLED', fulfilledAt: now.toISOString() };
  return { status: 'FULFILLED', ...(await sendConfirmation(fulfilled)) };
}

/** A paid order completes through the Stripe webhook; here the customer only learns where it stands. */
function paidOrderStatus(
  order: OrderRecord,
  sessionId: string,
  now: Date,
): { status: OrderStatus } & EmailOutcome {
  if (sessionId !== order.checkoutSessionId) throw badRequest(serverErrors.checkoutSessionInvalid);
  return { status: effectiveStatus(order, now), emailSent: false };
}
