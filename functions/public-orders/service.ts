/**
 * The public order as a customer sees it: status, what to do next, signed thumbnails and the total;
 * and, once fulfilled, the order's photos.
 */
import { CAPTCHA_ACTIONS } from '../../shared/constants';
import { serverErrors } from '../../shared/errors';
import { fromMinorUnits } from '../../shared/rules/money';
import { effectiveStatus } from '../../shared/rules/order-status';
import { photoAccess } from '../../shared/rules/photo-availability';
import type { FulfilledOrder, OrderPhoto, PublicOrder } from '../../shared/schemas/order';
import { objectKeys } from '../lib/storage-layout';
import { verifyCaptcha } from '../lib/captcha';
import { bucketsEnv } from '../lib/env';
import { conflict, gone, notFound } from '../lib/http-error';
import { getOrder, type OrderRecord } from '../lib/repositories/orders';
import { signedGetUrl } from '../lib/s3';
import { ensureCheckoutSession } from './checkout-session';
import { signedPhotoUrls } from './photo-urls';

async function signedThumbnails(order: OrderRecord): Promise<OrderPhoto[]> {
  const { DERIVED_BUCKET } = bucketsEnv();
  return Promise.all(
    order.photoIds.map(async (photoId) => ({
      photoId,
      thumbnailUrl: await signedGetUrl(
        DERIVED_BUCKET,
        objectKeys.thumbnail(order.sellerId, order.galleryId, photoId),
      ),
    })),
  );
}

async function nextStepFields(order: OrderRecord, now: Date): Promise<Partial<PublicOrder>> {
  if (order.orderType === 'FREE_ORDER') return { nextStep: 'COLLECT_EMAIL' };
  const session = await ensureCheckoutSession(order, now);
  return { nextStep: 'REDIRECT_TO_STRIPE', stripeCheckoutUrl: session.url, sessionId: session.id };
}

export async function getPublicOrder(
  orderId: string,
  captchaToken: string,
  sourceIp?: string,
): Promise<PublicOrder> {
  await verifyCaptcha(captchaToken, CAPTCHA_ACTIONS.publicOrderCheck, sourceIp);
  const order = await getOrder(orderId);
  if (!order) throw notFound(serverErrors.orderNotFound);
  const now = new Date();
  // A fulfilled order whose 30 days of downloads are over reads as EXPIRED: the screen then shows the
  // expired text rather than 'already completed' with photos that are gone.
  const status = photoAccess(order, now) === 'gone' ? 'EXPIRED' : effectiveStatus(order, now);
  const open = status === 'PENDING' || status === 'DRAFT';
  return {
    orderId: order.orderId,
    status,
    // An expired or fulfilled order has nothing left to pay for: no thumbnails, no checkout.
    photos: open ? await signedThumbnails(order) : [],
    currency: order.currency,
    total: fromMinorUnits(order.totalMinor, order.currency),
    orderType: order.orderType,
    expiresAt: order.expiresAt,
    ...(order.customerEmail && { customerEmail: order.customerEmail }),
    ...(open && (await nextStepFields(order, now))),
  };
}

/**
 * A fulfilled order's photos (our `POST /public/orders/{orderId}/photos`): signed GET URLs of what the
 * customer bought, for 30 days after fulfilment. 404 unknown order, 409 not fulfilled (yet), 410 once
 * the 30 days have passed. The human check comes first, so the answers cannot be probed without it.
 */
export async function getFulfilledOrder(
  orderId: string,
  captchaToken: string,
  sourceIp?: string,
): Promise<FulfilledOrder> {
  await verifyCaptcha(captchaToken, CAPTCHA_ACTIONS.publicOrderCheck, sourceIp);
  const order = await getOrder(orderId);
  if (!order) throw notFound(serverErrors.orderNotFound);
  const now = new Date();
  const access = photoAccess(order, now);
  if (access === 'not-fulfilled') throw conflict(serverErrors.orderNotFulfilled);
  if (access === 'gone') throw gone(serverErrors.photosNoLongerAvailable);
  return { orderId: order.orderId, status: 'FULFILLED', ...(await signedPhotoUrls(order, now)) };
}
