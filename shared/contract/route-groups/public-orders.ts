/** The customer's order: its check, opening it and the fulfilled order's photos (public document, section 7). */
import {
  CaptchaBody,
  ExtensionPurchase,
  FulfilledOrder,
  OpenedOrder,
  OpenOrderBody,
  OrderIdParams,
  PublicOrder,
  UnsubscribeQuery,
} from '../../schemas/order';
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
    body: OpenOrderBody,
    response: OpenedOrder,
  }),
  /**
   * Ours: the customer buys the paid extension an ended order offers: an order of its own (the same one
   * again while it can still be paid), whose page takes them through the usual checkout.
   */
  buyExtension: route({
    method: 'POST',
    path: '/public/orders/{orderId}/extension',
    caller: 'public',
    group: 'public-orders',
    status: 201,
    errors: [
      CAPTCHA_REFUSED,
      ORDER_NOT_FOUND,
      answer(409, serverErrors.extensionNotOffered),
      answer(409, serverErrors.sellerCannotAcceptPayments),
    ],
    params: OrderIdParams,
    body: CaptchaBody,
    response: ExtensionPurchase,
  }),
  /**
   * Ours: turns off an order's reminder emails. The link in the email opens a page that calls it, and mail
   * clients post to it directly (List-Unsubscribe-Post, RFC 8058): no captcha, the token is the secret,
   * and any body is ignored.
   */
  unsubscribeReminders: route({
    method: 'POST',
    path: '/public/orders/{orderId}/unsubscribe',
    caller: 'public',
    group: 'public-orders',
    status: 204,
    errors: [answer(404, serverErrors.unsubscribeLinkInvalid)],
    params: OrderIdParams,
    query: UnsubscribeQuery,
    response: null,
  }),
} as const;
