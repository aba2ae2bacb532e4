/** The seller's orders: create, list, read and cancel; and the sales they add up to. */
import { Empty } from '../../schemas/common';
import {
  CreateOrderBody,
  ExtendAccessBody,
  ExtensionOfferBody,
  ListOrdersQuery,
  OrderIdParams,
  SellerOrder,
  SellerOrderList,
} from '../../schemas/order';
import { OrderActivityList, OrderActivityQuery } from '../../schemas/activity';
import { SalesExport, SalesExportBody, SalesSummary } from '../../schemas/sales';
import { sellerGalleryErrors } from '../../texts/seller-errors';
import { sellerToolErrors } from '../../texts/seller-tools-errors';
import { answer } from '../error-answers';
import { GALLERY_NOT_FOUND, PAGE_TOKEN_REFUSED, STRIPE_UNAVAILABLE } from './common-answers';
import { route } from '../route-def';

const ORDER_NOT_FOUND = answer(404, sellerToolErrors.orderNotFound);

export const ordersRoutes = {
  createOrder: route({
    method: 'POST',
    path: '/orders',
    caller: 'seller',
    minRole: 'manager',
    status: 201,
    group: 'orders',
    errors: [
      GALLERY_NOT_FOUND,
      answer(400, sellerToolErrors.duplicatePhotos),
      answer(400, sellerToolErrors.photosNotReady),
      answer(404, sellerToolErrors.photoNotFound),
      answer(404, sellerGalleryErrors.userIdNotFound),
      answer(409, sellerToolErrors.paymentsNotActive),
    ],
    body: CreateOrderBody,
    response: SellerOrder,
  }),
  listOrders: route({
    method: 'GET',
    path: '/orders',
    caller: 'seller',
    minRole: 'manager',
    group: 'orders',
    errors: [PAGE_TOKEN_REFUSED],
    query: ListOrdersQuery,
    response: SellerOrderList,
  }),
  getOrder: route({
    method: 'GET',
    path: '/orders/{orderId}',
    caller: 'seller',
    minRole: 'manager',
    group: 'orders',
    errors: [ORDER_NOT_FOUND],
    params: OrderIdParams,
    response: SellerOrder,
  }),
  /** Ours: ends an unpaid order of the seller's (its Checkout Session expired at Stripe first). */
  cancelOrder: route({
    method: 'POST',
    path: '/orders/{orderId}/cancel',
    caller: 'seller',
    minRole: 'manager',
    group: 'orders',
    errors: [
      ORDER_NOT_FOUND,
      answer(409, sellerToolErrors.orderPaymentUnderway),
      answer(409, sellerToolErrors.orderNotCancellable),
      STRIPE_UNAVAILABLE,
    ],
    params: OrderIdParams,
    body: Empty,
    response: SellerOrder,
  }),
  /** Ours: gives a completed order's customer more days to download (from the end, or from now once ended). */
  extendAccess: route({
    method: 'POST',
    path: '/orders/{orderId}/access',
    caller: 'seller',
    minRole: 'manager',
    group: 'orders',
    errors: [
      ORDER_NOT_FOUND,
      answer(409, sellerToolErrors.accessNotExtendable),
      answer(409, sellerToolErrors.accessPhotosGone),
    ],
    params: OrderIdParams,
    body: ExtendAccessBody,
    response: SellerOrder,
  }),
  /**
   * Ours: the price of the paid extension a completed order's page offers once access has ended (null
   * withdraws the offer). The customer buys it through the usual checkout (shared/rules/paid-extension.ts).
   */
  offerExtension: route({
    method: 'POST',
    path: '/orders/{orderId}/extension-offer',
    caller: 'seller',
    minRole: 'manager',
    group: 'orders',
    errors: [
      ORDER_NOT_FOUND,
      answer(400, sellerToolErrors.paidOrderMinimum),
      answer(409, sellerToolErrors.extensionNotOfferable),
      answer(409, sellerToolErrors.paymentsNotActive),
    ],
    params: OrderIdParams,
    body: ExtensionOfferBody,
    response: SellerOrder,
  }),
  /** Ours: the dashboard's earnings over time, from the sales counters (never a read of the orders). */
  salesSummary: route({
    method: 'GET',
    path: '/sales',
    caller: 'seller',
    minRole: 'manager',
    group: 'orders',
    errors: [],
    response: SalesSummary,
  }),
  /** Ours: a CSV of the sales ordered between two days, written to storage page by page, signed for minutes. */
  exportSales: route({
    method: 'POST',
    path: '/sales/export',
    caller: 'seller',
    minRole: 'manager',
    group: 'orders',
    errors: [],
    body: SalesExportBody,
    response: SalesExport,
  }),
  /**
   * Ours: what customers did with a page of the seller's order links (opened, photos viewed, downloads),
   * one read of the activity counters for the whole page; ids not the seller's are left out.
   */
  orderActivity: route({
    method: 'GET',
    path: '/order-activity',
    caller: 'seller',
    minRole: 'manager',
    group: 'orders',
    errors: [],
    query: OrderActivityQuery,
    response: OrderActivityList,
  }),
} as const;
