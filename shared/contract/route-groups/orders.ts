/** The seller's orders: create, list, read and cancel. */
import { Empty } from '../../schemas/common';
import { CreateOrderBody, ListOrdersQuery, OrderIdParams, SellerOrder, SellerOrderList } from '../../schemas/order';
import { route } from '../route-def';

export const ordersRoutes = {
  createOrder: route({
    method: 'POST',
    path: '/orders',
    caller: 'seller',
    status: 201,
    group: 'orders',
    errors: [],
    body: CreateOrderBody,
    response: SellerOrder,
  }),
  listOrders: route({
    method: 'GET',
    path: '/orders',
    caller: 'seller',
    group: 'orders',
    errors: [],
    query: ListOrdersQuery,
    response: SellerOrderList,
  }),
  getOrder: route({
    method: 'GET',
    path: '/orders/{orderId}',
    caller: 'seller',
    group: 'orders',
    errors: [],
    params: OrderIdParams,
    response: SellerOrder,
  }),
  /** Ours: ends an unpaid order of the seller's (its Checkout Session expired at Stripe first). */
  cancelOrder: route({
    method: 'POST',
    path: '/orders/{orderId}/cancel',
    caller: 'seller',
    group: 'orders',
    errors: [],
    params: OrderIdParams,
    body: Empty,
    response: SellerOrder,
  }),
} as const;
