/**
 * The seller's orders: created from photos of one of their galleries, listed newest first (all of them,
 * the sales, or the unpaid ones), and an unpaid one cancelled. Another seller's order id reads as not
 * found.
 */
import { ORDERS_PAGE_SIZE } from '#shared/rules/constants';
import { sellerGalleryErrors } from '#shared/texts/errors';
import type { RouteBody, RouteQuery, RouteResponse } from '#shared/contract/routes';
import { effectiveStatus } from '#shared/rules/order-status';
import { applicationFeeMinor, fromMinorUnits } from '#shared/rules/money';
import type { SellerOrder, SellerOrderPayment } from '#shared/schemas/order';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { appEnv } from '../lib/env';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { newOrderId } from '../lib/ids';
import { openPageToken, sealPageToken } from '../lib/paging';
import { ownGallery } from '../domains/galleries/own-gallery';
import type { TeamCaller } from '../domains/teams/team-caller';
import {
  getOrder as readOrder,
  listSellerOrders,
  type OrderCreator,
  type OrderRecord,
  type PaymentRecord,
} from '../domains/orders/order-store';
import { placeOrder } from '../domains/orders/place-order';
import { holdOrderPhotos } from '../domains/orders/order-holds';
import { endUnpaidOrder, type EndPolicy } from '../domains/orders/end-unpaid-order';
import { newOrderExpiresAt, sellerMayCancel } from '../domains/orders/order-rules';
import { getPhotos } from '../domains/galleries/photo-store';
import { getUser } from '../domains/sellers/seller-store';
import { canAcceptPayments, checkPrice } from '../domains/orders/order-price';
import { extendAccess } from '../domains/orders/access-store';
import { extendedAccessEnd, firstReminder } from '#shared/rules/access-reminders';
import { photosAvailableUntil } from '#shared/rules/photo-availability';

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
    ...(order.createdBy && { createdBy: order.createdBy }),
    createdAt: order.createdAt,
    expiresAt: order.expiresAt,
    url: `${appEnv().APP_URL}/orders/${order.orderId}`,
    fromPublicGallery: order.publicId !== undefined,
    ...(order.extendsOrderId && { extendsOrderId: order.extendsOrderId }),
    ...(order.extensionPriceMinor && { extensionPrice: major(order.extensionPriceMinor) }),
    cancellable: sellerMayCancel(order, now),
    ...accessView(order),
  };
}

/** A completed order's access: when it ends, whether the seller may extend it, and the customer's reminders. */
function accessView(order: OrderRecord): Pick<SellerOrder, 'accessEndsAt' | 'extendable' | 'remindersOff'> {
  const end = photosAvailableUntil(order);
  return {
    ...(end && { accessEndsAt: end.toISOString() }),
    extendable: order.status === 'FULFILLED',
    ...(order.remindersOffAt && { remindersOff: true }),
  };
}

async function checkPhotos(galleryId: string, photoIds: string[]): Promise<void> {
  if (new Set(photoIds).size !== photoIds.length) throw badRequest(sellerToolErrors.duplicatePhotos);
  const photos = await getPhotos(galleryId, photoIds);
  if (photos.length !== photoIds.length) throw notFound(sellerToolErrors.photoNotFound);
  if (photos.some((photo) => photo.status !== 'READY')) throw badRequest(sellerToolErrors.photosNotReady);
}

export async function createOrder(
  member: TeamCaller,
  body: RouteBody<'createOrder'>,
  now = new Date(),
): Promise<RouteResponse<'createOrder'>> {
  const userId = member.businessId;
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
    createdBy: member.memberId,
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
  query: RouteQuery<'listOrders'>,
  now = new Date(),
): Promise<RouteResponse<'listOrders'>> {
  const view = query.view ?? 'all';
  const createdBy: OrderCreator | undefined = query.createdBy
    ? { kind: query.createdBy === userId ? 'owner' : 'member', memberId: query.createdBy }
    : undefined;
  // A token pages on within the list it came from: each list reads an index of its own, and a filter
  // makes a list of its own.
  const scope = `orders:${userId}${view === 'all' ? '' : `:${view}`}${createdBy ? `:by:${createdBy.memberId}` : ''}`;
  const page = await listSellerOrders(
    userId,
    query.limit ?? ORDERS_PAGE_SIZE,
    await openPageToken(query.nextToken, scope),
    view,
    createdBy,
  );
  const nextToken = await sealPageToken(page.lastKey, scope);
  return { orders: page.orders.map((order) => sellerOrderView(order, now)), ...(nextToken && { nextToken }) };
}

export async function ownOrder(userId: string, orderId: string): Promise<OrderRecord> {
  const order = await readOrder(orderId);
  if (!order || order.sellerId !== userId) throw notFound(sellerToolErrors.orderNotFound);
  return order;
}

export async function getOrder(userId: string, orderId: string, now = new Date()) {
  return sellerOrderView(await ownOrder(userId, orderId), now);
}

/** The seller's cancel: only while the order waits for its checkout, and never under a payment. */
const SELLER_CANCEL: EndPolicy = { reason: 'CANCELLED', mayEnd: sellerMayCancel, yieldToPayment: true };

/**
 * Cancels an unpaid order of the seller's: its Checkout Session is expired at Stripe, then the order
 * ends (EXPIRED, CANCELLED), and its customer's link says so. 409 when it was paid, completed or ended,
 * or when the customer has just paid its session (the payment stands).
 */
export async function cancelOrder(userId: string, orderId: string, now = new Date()) {
  const outcome = await endUnpaidOrder(await ownOrder(userId, orderId), SELLER_CANCEL, now);
  if (outcome.kind === 'missing') throw notFound(sellerToolErrors.orderNotFound);
  if (outcome.kind === 'payment-underway') throw conflict(sellerToolErrors.orderPaymentUnderway);
  if (outcome.kind === 'unchanged') throw conflict(sellerToolErrors.orderNotCancellable);
  return sellerOrderView(outcome.order, now);
}

/** Extensions of one order racing each other: each loser decides again, this many times at most. */
const EXTEND_ATTEMPTS = 3;

/**
 * Gives a completed order's customer `days` more to download (shared/rules/access-reminders.ts), with its
 * photos held and its reminders scheduled again for the new end. 409 when the order is not completed, or
 * refunded or disputed, or a photo of it is gone.
 */
export async function extendOrderAccess(userId: string, orderId: string, days: number, now = new Date()) {
  for (let attempt = 1; ; attempt++) {
    const order = await ownOrder(userId, orderId);
    const extension = extendedAccessEnd(order, days, now);
    if ('refused' in extension) throw conflict(sellerToolErrors.accessNotExtendable);
    // The gallery and photos stay while the customer may download them: held to the new end first.
    if ((await holdOrderPhotos(order, extension.accessEndsAt)) === 'missing')
      throw conflict(sellerToolErrors.accessPhotosGone);
    const next = order.remindersOffAt
      ? undefined
      : firstReminder(extension.accessEndsAt, now, order.customerEmail);
    const extended = await extendAccess(order, extension.accessEndsAt, next);
    // Another extension (or a refund) came first: decide again on the order as it is now.
    if (extended) return sellerOrderView(extended, now);
    if (attempt === EXTEND_ATTEMPTS) throw conflict(sellerToolErrors.accessNotExtendable);
  }
}
