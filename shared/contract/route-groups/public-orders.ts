/** The customer's order: its check, opening it and the fulfilled order's photos (public document, section 7). */
import { CaptchaBody, FulfilledOrder, OpenedOrder, OrderIdParams, PublicOrder } from '../../schemas/order';
import { serverErrors } from '../../texts/errors';
import { answer } from '../error-answers';
import { CAPTCHA_REFUSED, STRIPE_UNAVAILABLE } from './common-answers';
import { route } from '../route-def';

const ORDER_NOT_FOUND = answer(404, serverErrors.orderNotFound);

/** Why a fulfilled order's photos are refused: 409 while that may change, 410 once it never will. */
const PHOTOS_REFUSED = [
  answer(410, serverErrors.photosNoLongerAvailable),
  answer(410, serverErrors.orderRefunded),
  answer(409, serverErrors.orderDisputed),
  answer(409, serverErrors.paymentProcessing),
  answer(410, serverErrors.orderExpired),
  answer(409, serverErrors.orderNotFulfilled),
] as const;

export const publicOrdersRoutes = {
  publicOrder: route({
    method: 'POST',
    path: '/public/orders/{orderId}',
    caller: 'public',
    group: 'public-orders',
    errors: [
      CAPTCHA_REFUSED,
      ORDER_NOT_FOUND,
      answer(409, serverErrors.sellerCannotAcceptPayments),
      STRIPE_UNAVAILABLE,
    ],
    params: OrderIdParams,
    body: CaptchaBody,
    response: PublicOrder,
  }),
  fulfilledOrder: route({
    method: 'POST',
    path: '/public/orders/{orderId}/photos',
    caller: 'public',
    group: 'public-orders',
    errors: [CAPTCHA_REFUSED, ORDER_NOT_FOUND, ...PHOTOS_REFUSED],
    params: OrderIdParams,
    body: CaptchaBody,
    response: FulfilledOrder,
  }),
  openOrder: route({
    method: 'POST',
    path: '/public/orders/{orderId}/open',
    caller: 'public',
    group: 'public-orders',
    errors: [
      CAPTCHA_REFUSED,
      ORDER_NOT_FOUND,
      answer(409, serverErrors.sellerCannotAcceptPayments),
      STRIPE_UNAVAILABLE,
    ],
    params: OrderIdParams,
    body: CaptchaBody,
    response: OpenedOrder,
  }),
} as const;
