/** Checkout of a customer's order (public document, section 7). */
import { CompleteCheckoutBody, CompleteCheckoutResponse, OrderIdParams, ValidateCheckoutBody, ValidateCheckoutResponse } from '../../schemas/order';
import { route } from '../route-def';

export const checkoutRoutes = {
  validateCheckout: route({
    method: 'POST',
    path: '/orders/{orderId}/validate-checkout',
    caller: 'public',
    group: 'checkout',
    errors: [],
    params: OrderIdParams,
    body: ValidateCheckoutBody,
    response: ValidateCheckoutResponse,
  }),
  completeCheckout: route({
    method: 'POST',
    path: '/orders/{orderId}/complete-checkout',
    caller: 'public',
    group: 'checkout',
    errors: [],
    params: OrderIdParams,
    body: CompleteCheckoutBody,
    response: CompleteCheckoutResponse,
  }),
} as const;
