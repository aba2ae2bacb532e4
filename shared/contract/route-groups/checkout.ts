/** Checkout of a customer's order (public document, section 7). */
import {
  CompleteCheckoutBody,
  CompleteCheckoutResponse,
  OrderIdParams,
  ValidateCheckoutBody,
  ValidateCheckoutResponse,
} from '../../schemas/order';
import { serverErrors } from '../../texts/errors';
import { answer } from '../error-answers';
import { CAPTCHA_REFUSED, STRIPE_UNAVAILABLE } from './common-answers';
import { route } from '../route-def';

/** An order that cannot be checked out: unknown, paid already, cancelled or expired. */
const ORDER_NOT_OPEN = [
  answer(404, serverErrors.orderNotFound),
  answer(409, serverErrors.orderAlreadyFulfilled),
  answer(410, serverErrors.orderCancelled),
  answer(410, serverErrors.orderExpired),
] as const;
const SESSION_INVALID = answer(409, serverErrors.checkoutSessionInvalid);

export const checkoutRoutes = {
  validateCheckout: route({
    method: 'POST',
    path: '/orders/{orderId}/validate-checkout',
    caller: 'public',
    group: 'checkout',
    errors: [CAPTCHA_REFUSED, ...ORDER_NOT_OPEN, answer(409, serverErrors.orderNotFree), SESSION_INVALID],
    params: OrderIdParams,
    body: ValidateCheckoutBody,
    response: ValidateCheckoutResponse,
  }),
  completeCheckout: route({
    method: 'POST',
    path: '/orders/{orderId}/complete-checkout',
    caller: 'public',
    group: 'checkout',
    errors: [
      CAPTCHA_REFUSED,
      ...ORDER_NOT_OPEN,
      SESSION_INVALID,
      answer(400, serverErrors.checkoutSessionInvalid),
      STRIPE_UNAVAILABLE,
    ],
    params: OrderIdParams,
    body: CompleteCheckoutBody,
    response: CompleteCheckoutResponse,
  }),
} as const;
