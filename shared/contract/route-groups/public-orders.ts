/** The customer's order: its check, opening it and the fulfilled order's photos (public document, section 7). */
import { CaptchaBody, FulfilledOrder, OpenedOrder, OrderIdParams, PublicOrder } from '../../schemas/order';
import { route } from '../route-def';

export const publicOrdersRoutes = {
  publicOrder: route({
    method: 'POST',
    path: '/public/orders/{orderId}',
    caller: 'public',
    group: 'public-orders',
    errors: [],
    params: OrderIdParams,
    body: CaptchaBody,
    response: PublicOrder,
  }),
  fulfilledOrder: route({
    method: 'POST',
    path: '/public/orders/{orderId}/photos',
    caller: 'public',
    group: 'public-orders',
    errors: [],
    params: OrderIdParams,
    body: CaptchaBody,
    response: FulfilledOrder,
  }),
  openOrder: route({
    method: 'POST',
    path: '/public/orders/{orderId}/open',
    caller: 'public',
    group: 'public-orders',
    errors: [],
    params: OrderIdParams,
    body: CaptchaBody,
    response: OpenedOrder,
  }),
} as const;
