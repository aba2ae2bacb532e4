/**
 * An order from a customer's pick in a public gallery, after the human check: priced on the server by the
 * same rule the page shows (rules/public-gallery-price.ts), then an order the customer continues at its
 * link (card checkout, or an email for a free one; then the webhook, email, gallery and ZIP). Unlike a
 * seller's order it holds nothing and waits PICK_ORDER_CHECKOUT_MINUTES for its payment (place-order.ts).
 */
import { CAPTCHA_ACTIONS } from '#shared/constants';
import { publicGalleryErrors } from '#shared/public-gallery-errors';
import { priceSelection } from '#shared/rules/public-gallery-price';
import type { RouteBody, RouteResponse } from '#shared/routes';
import { verifyCaptcha } from '../lib/captcha';
import { appEnv } from '../lib/env';
import { badRequest, conflict } from '../lib/http-error';
import { newOrderId } from '../lib/ids';
import { newPickOrderExpiresAt } from '../lib/order-rules';
import { placeOrder } from '../lib/place-order';
import type { OrderRecord } from '../lib/repositories/orders';
import type { PublicGalleryRecord } from '../lib/repositories/public-galleries';
import { getUser } from '../lib/repositories/users';
import { canAcceptPayments } from '../orders/order-rules';
import { openGallery } from './access';
import { readyPhotos } from './view';

/** The photos the order holds: the pick, or every photo when the all-photos price is the cheapest. */
export function pickedOrder(
  record: PublicGalleryRecord,
  galleryPhotoIds: readonly string[],
  pick: readonly string[],
): { photoIds: string[]; totalMinor: number } {
  if (new Set(pick).size !== pick.length) throw badRequest(publicGalleryErrors.duplicatePhotos);
  const available = new Set(galleryPhotoIds);
  if (pick.some((photoId) => !available.has(photoId)))
    throw badRequest(publicGalleryErrors.photosUnavailable);
  const quote = priceSelection(record.settings.pricing, pick.length, galleryPhotoIds.length);
  return { photoIds: quote.allPhotos ? [...galleryPhotoIds] : [...pick], totalMinor: quote.totalMinor };
}

export async function orderPick(
  publicId: string,
  body: RouteBody<'publicGalleryOrder'>,
  sourceIp?: string,
  now = new Date(),
): Promise<RouteResponse<'publicGalleryOrder'>> {
  await verifyCaptcha(body.captchaToken, CAPTCHA_ACTIONS.publicGalleryOrder, sourceIp);
  const record = await openGallery(publicId, body.pin, now);
  const photos = await readyPhotos(record.galleryId);
  const { photoIds, totalMinor } = pickedOrder(
    record,
    photos.map((photo) => photo.photoId),
    body.photoIds,
  );
  if (totalMinor > 0) {
    const seller = await getUser(record.userId);
    if (!seller || !canAcceptPayments(seller)) throw conflict(publicGalleryErrors.notSelling);
  }
  const order: OrderRecord = {
    orderId: newOrderId(),
    sellerId: record.userId,
    galleryId: record.galleryId,
    publicId,
    photoIds,
    currency: record.settings.pricing.currency,
    totalMinor,
    orderType: totalMinor === 0 ? 'FREE_ORDER' : 'PAID_ORDER',
    status: 'PENDING',
    createdAt: now.toISOString(),
    expiresAt: newPickOrderExpiresAt(now),
  };
  if ((await placeOrder(order)) === 'missing') throw badRequest(publicGalleryErrors.photosUnavailable);
  return { orderId: order.orderId, url: `${appEnv().APP_URL}/orders/${order.orderId}` };
}
