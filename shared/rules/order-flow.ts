/**
 * The decisions of the order-access step flow (public document, sections 2, 4 and 8), free of React
 * and I/O so they can be tested exhaustively and reused by any screen.
 */
import { ALREADY_FULFILLED_MARKERS, orderErrors } from '../texts/errors';
import type { NextStep, OrderStatus, OrderStatusReason, OrderType } from '../schemas/order';
import { ORDER_STEPS, type OrderStep } from './order-steps';

export { ORDER_STEPS, type OrderStep };

/** The steps a checkout can start from: email entry (free photos) or the order summary. */
export type CheckoutOrigin = typeof ORDER_STEPS.email | typeof ORDER_STEPS.summary;

export interface OrderForStep {
  status: OrderStatus;
  statusReason?: OrderStatusReason;
  nextStep?: NextStep;
  stripeCheckoutUrl?: string;
}

/** States of a paid order's payment where the page says why instead of offering a step of the spec. */
const PAYMENT_STATES: readonly OrderStatus[] = ['PROCESSING', 'DISPUTED', 'REFUNDED'];

/**
 * Section 4, order check: where an opened order lands. A payment on its way, disputed or refunded, and a
 * failed payment (payable again: the customer is told why before going back to Stripe), land on the
 * payment status step.
 */
export function stepForOrder(order: OrderForStep): OrderStep {
  if (order.status === 'FULFILLED') return ORDER_STEPS.completed;
  if (order.status === 'EXPIRED') return ORDER_STEPS.expired;
  if (PAYMENT_STATES.includes(order.status)) return ORDER_STEPS.paymentStatus;
  if (
    order.statusReason === 'PAYMENT_FAILED' &&
    order.nextStep === 'REDIRECT_TO_STRIPE' &&
    order.stripeCheckoutUrl
  )
    return ORDER_STEPS.paymentStatus;
  if (order.nextStep === 'REDIRECT_TO_STRIPE' && order.stripeCheckoutUrl) return ORDER_STEPS.redirecting;
  if (order.nextStep === 'COLLECT_EMAIL') return ORDER_STEPS.email;
  if (order.nextStep !== undefined) return ORDER_STEPS.summary;
  return ORDER_STEPS.email;
}

/**
 * Why a paid order is where it is, as the customer's page says it: the server's `statusReason`, or
 * what the status alone means when an order recorded none.
 */
export function paymentReasonOf(order: OrderForStep): OrderStatusReason | undefined {
  if (order.statusReason) return order.statusReason;
  if (order.status === 'PROCESSING') return 'PAYMENT_PROCESSING';
  if (order.status === 'DISPUTED') return 'DISPUTE_OPEN';
  if (order.status === 'REFUNDED') return 'REFUNDED';
  return undefined;
}

/** Free orders get the 'Free Order' notice: nothing to pay, or declared free by the seller. */
export function isFreeOrder(order: { total: number; orderType: OrderType }): boolean {
  return order.total === 0 || order.orderType === 'FREE_ORDER';
}

export interface StepOutcome {
  step: OrderStep;
  message: string;
}

const containsIgnoringCase = (text: string, part: string): boolean => text.toLowerCase().includes(part);

/**
 * Section 8: where a failed checkout (validate or complete) leaves the customer. Matching ignores case
 * because the texts come from different places (server messages, the captcha loader).
 */
export function checkoutErrorOutcome(errorMessage: string, origin: CheckoutOrigin): StepOutcome {
  if (containsIgnoringCase(errorMessage, 'captcha'))
    return { step: origin, message: orderErrors.captchaFailed };
  if (ALREADY_FULFILLED_MARKERS.some((marker) => containsIgnoringCase(errorMessage, marker))) {
    return { step: ORDER_STEPS.completed, message: orderErrors.alreadyCompleted };
  }
  return origin === ORDER_STEPS.email
    ? { step: ORDER_STEPS.email, message: orderErrors.freeOrderFailed }
    : { step: ORDER_STEPS.error, message: orderErrors.genericProcessing };
}

export interface CheckoutCompletion {
  status: OrderStatus;
  emailSent: boolean;
  emailError?: string;
}

export type CompletionOutcome = { navigateTo: string } | StepOutcome;

/**
 * Section 4: after complete-checkout. A fulfilled free order reopens the order (history replaced);
 * a fulfilled purchase goes to the success page, flagging a confirmation email that failed.
 */
export function completionOutcome(
  origin: CheckoutOrigin,
  orderId: string,
  result: CheckoutCompletion,
): CompletionOutcome {
  const id = encodeURIComponent(orderId);
  if (origin === ORDER_STEPS.email) {
    return result.status === 'FULFILLED'
      ? { navigateTo: `/orders/${id}` }
      : { step: ORDER_STEPS.error, message: orderErrors.completeCheckoutRetry };
  }
  if (result.status !== 'FULFILLED')
    return { step: ORDER_STEPS.error, message: orderErrors.genericProcessing };
  const emailFailed = !result.emailSent && Boolean(result.emailError);
  return { navigateTo: `/checkout/success/${id}${emailFailed ? '?emailError=true' : ''}` };
}
