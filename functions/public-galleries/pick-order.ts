/**
 * An order from a customer's pick in a public gallery, after the human check: priced on the server by the
 * same rule the page shows (rules/public-gallery-price.ts), then an order the customer continues at its
 * link (card checkout, or an email for a free one; then the webhook, email, gallery and ZIP). Unlike a
 * seller's order it holds nothing and waits PICK_ORDER_CHECKOUT_MINUTES for its payment (place-order.ts).
 */
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { publicGalleryErrors } from '#shared/texts/public-gallery-errors';
import { PUBLIC_GALLERY_LIMITS } from '#shared/rules/public-gallery-limits';
import { priceSelection } from '#shared/rules/public-gallery-price';
import type { RouteBody, RouteResponse } from '#shared/contract/routes';
import { verifyCaptcha } from '../lib/captcha';
import { appEnv } from '../lib/env';
import { badRequest, conflict } from '../lib/http-error';
import { newOrderId } from '../lib/ids';
import { newPickOrderExpiresAt } from '../domains/orders/order-rules';
import { placeOrder } from '../domains/orders/place-order';
import type { OrderRecord } from '../domains/orders/order-store';
import type { PublicGalleryRecord } from '../domains/public-galleries/public-gallery-store';
import { getUser } from '../domains/sellers/seller-store';
import { canAcceptPayments } from '../domains/orders/order-price';
import { openGallery } from './access';
import { getGallery } from '../domains/galleries/gallery-store';
import { getPhotos, isShown, listShownPhotos, type ShownKey } from '../domains/galleries/photo-store';

/** The pick, checked: no photo twice, and each one shown in the gallery now (read by key, a page at most). */
async function checkedPick(galleryId: string, pick: readonly string[]): Promise<void> {
  if (new Set(pick).size !== pick.length) throw badRequest(publicGalleryErrors.duplicatePhotos);
  const shown = (await getPhotos(galleryId, [...pick])).filter(isShown);
  if (shown.length !== pick.length) throw badRequest(publicGalleryErrors.photosUnavailable);
}

/** Every photo the gallery shows: only read for the all-photos price, offered up to an order's limit. */
async function allShownPhotoIds(galleryId: string): Promise<string[]> {
  const ids: string[] = [];
  let after: ShownKey | undefined;
  do {
    const page = await listShownPhotos(galleryId, PUBLIC_GALLERY_LIMITS.orderPhotos, after);
    ids.push(...page.photos.map((photo) => photo.photoId));
    after = page.lastKey;
  } while (after && ids.length <= PUBLIC_GALLERY_LIMITS.orderPhotos);
  if (ids.length > PUBLIC_GALLERY_LIMITS.orderPhotos) throw badRequest(publicGalleryErrors.photosUnavailable);
  return ids;
}

/** The photos the order holds: the pick, or every photo when the all-photos price is the cheapest. */
async function pickedOrder(
  record: PublicGalleryRecord,
  pick: readonly string[],
): Promise<{ photoIds: string[]; totalMinor: number }> {
  await checkedPick(record.galleryId, pick);
  const gallery = await getGallery(record.userId, record.galleryId);
  // The count moves as photos are processed: never below what was just found shown.
  const galleryPhotos = Math.max(gallery?.photoCount ?? 0, pick.length);
  const quote = priceSelection(record.settings.pricing, pick.length, galleryPhotos);
  const photoIds = quote.allPhotos ? await allShownPhotoIds(record.galleryId) : [...pick];
  return { photoIds, totalMinor: quote.totalMinor };
}

export async function orderPick(
  publicId: string,
  body: RouteBody<'publicGalleryOrder'>,
  sourceIp?: string,
  now = new Date(),
): Promise<RouteResponse<'publicGalleryOrder'>> {
  await verifyCaptcha(body.captchaToken, CAPTCHA_ACTIONS.publicGalleryOrder, sourceIp);
  const record = await openGallery(publicId, body.pin, now);
  const { photoIds, totalMinor } = await pickedOrder(record, body.photoIds);
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
