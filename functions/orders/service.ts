/**
 * The seller's orders: created from photos of one of their galleries, listed newest first. Another
 * seller's order id reads as not found.
 */
import { ORDERS_PAGE_SIZE } from '#shared/constants';
import { sellerGalleryErrors } from '#shared/errors';
import type { RouteBody, RouteResponse } from '#shared/routes';
import { effectiveStatus } from '#shared/rules/order-status';
import { applicationFeeMinor, fromMinorUnits } from '#shared/rules/money';
import type { SellerOrder, SellerOrderPayment } from '#shared/schemas/order';
import { sellerToolErrors } from '#shared/seller-tools-errors';
import { appEnv } from '../lib/env';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { newOrderId } from '../lib/ids';
import { openPageToken, sealPageToken } from '../lib/paging';
import { ownGallery } from '../lib/own-gallery';
import {
  getOrder as readOrder,
  listSellerOrders,
  type OrderRecord,
  type PaymentRecord,
} from '../lib/repositories/orders';
import { placeOrder } from '../lib/place-order';
import { newOrderExpiresAt } from '../lib/order-rules';
import { getPhotos } from '../lib/repositories/photos';
import { getUser } from '../lib/repositories/users';
import { canAcceptPayments, checkPrice } from './order-rules';

/** The payment's money as recorded from its balance transaction, in major units. */
function paymentView(payment: PaymentRecord, currency: string): SellerOrderPayment {
  const major = (minor: number) => fromMinorUnits(minor, currency);
  return {
    amount: major(payment.amountMinor),
    providerFee: major(payment.stripeFeeMinor),
    platformFee: major(payment.applicationFeeMinor),
    net: major(payment.netMinor),
    payoutExpectedOn: payment.availableOn,
  };
}

export function sellerOrderView(order: OrderRecord, now: Date): SellerOrder {
  const major = (minor: number) => fromMinorUnits(minor, order.currency);
  return {
    orderId: order.orderId,
    galleryId: order.galleryId,
    status: effectiveStatus(order, now),
    ...(order.statusReason && { statusReason: order.statusReason }),
    orderType: order.orderType,
    total: major(order.totalMinor),
    currency: order.currency,
    platformFee: major(applicationFeeMinor(order.totalMinor)),
    refunded: major(order.refundedMinor ?? 0),
    ...(order.payment && { payment: paymentView(order.payment, order.currency) }),
    duplicatePaymentsRefunded: order.duplicatePaymentsRefunded?.size ?? 0,
    photoCount: order.photoIds.length,
    ...(order.customerEmail && { customerEmail: order.customerEmail }),
    createdAt: order.createdAt,
    expiresAt: order.expiresAt,
    url: `${appEnv().APP_URL}/orders/${order.orderId}`,
  };
}

async function checkPhotos(galleryId: string, photoIds: string[]): Promise<void> {
  if (new Set(photoIds).size !== photoIds.length) throw badRequest(sellerToolErrors.duplicatePhotos);
  const photos = await getPhotos(galleryId, photoIds);
  if (photos.length !== photoIds.length) throw notFound(sellerToolErrors.photoNotFound);
  if (photos.some((photo) => photo.status !== 'READY')) throw badRequest(sellerToolErrors.photosNotReady);
}

export async function createOrder(
  userId: string,
  body: RouteBody<'createOrder'>,
  now = new Date(),
): Promise<RouteResponse<'createOrder'>> {
  const price = checkPrice(body.total, body.currency);
  if (!price.ok) throw badRequest(price.message);
  await ownGallery(userId, body.galleryId);
  await checkPhotos(body.galleryId, body.photoIds);
  const user = await getUser(userId);
  if (!user) throw notFound(sellerGalleryErrors.userIdNotFound);
  if (price.orderType === 'PAID_ORDER' && !canAcceptPayments(user))
    throw conflict(sellerToolErrors.paymentsNotActive);
  const order: OrderRecord = {
    orderId: newOrderId(),
    sellerId: userId,
    galleryId: body.galleryId,
    photoIds: body.photoIds,
    currency: price.currency,
    totalMinor: price.totalMinor,
    orderType: price.orderType,
    status: 'PENDING',
    ...(body.customerEmail && { customerEmail: body.customerEmail }),
    createdAt: now.toISOString(),
    expiresAt: newOrderExpiresAt(now),
  };
  if ((await placeOrder(order)) === 'missing') throw notFound(sellerToolErrors.photoNotFound);
  return sellerOrderView(order, now);
}

export async function listOrders(
  userId: string,
  query: { limit?: number; nextToken?: string },
  now = new Date(),
): Promise<RouteResponse<'listOrders'>> {
  const scope = `orders:${userId}`;
  const page = await listSellerOrders(
    userId,
    query.limit ?? ORDERS_PAGE_SIZE,
    await openPageToken(query.nextToken, scope),
  );
  const nextToken = await sealPageToken(page.lastKey, scope);
  return { orders: page.orders.map((order) => sellerOrderView(order, now)), ...(nextToken && { nextToken }) };
}

export async function getOrder(userId: string, orderId: string, now = new Date()) {
  const order = await readOrder(orderId);
  if (!order || order.sellerId !== userId) throw notFound(sellerToolErrors.orderNotFound);
  return sellerOrderView(order, now);
}
