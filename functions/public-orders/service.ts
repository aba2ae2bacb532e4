/**
 * The public order as a customer sees it: status (and why: a delayed payment, a refund, a dispute), what
 * to do next, signed thumbnails (a pick's watermarked previews) and the total; and, once fulfilled and while the payment stands, the
 * order's photos.
 */
import { CAPTCHA_ACTIONS, ORDER_AVAILABLE_DAYS } from '#shared/rules/constants';
import { extensionOffer } from '#shared/rules/paid-extension';
import { serverErrors } from '#shared/texts/errors';
import { fromMinorUnits } from '#shared/rules/money';
import { effectiveStatus } from '#shared/rules/order-status';
import { previewPath } from '#shared/contract/preview-paths';
import { photoAccess, type PhotoAccess } from '#shared/rules/photo-availability';
import type { SellerBrand } from '#shared/schemas/branding';
import type {
  FulfilledOrder,
  FulfilledPreview,
  OpenedOrder,
  OrderPhoto,
  OrderStatus,
  PublicOrder,
} from '#shared/schemas/order';
import { verifyCaptcha } from '../lib/captcha';
import { conflict, gone, notFound } from '../lib/http-error';
import { getOrder, type OrderRecord } from '../domains/orders/order-store';
import { thumbnailUrls } from '../domains/galleries/image-urls';
import { previewAccessOf } from '../domains/public-galleries/preview-access';
import { getPublicGallery } from '../domains/public-galleries/public-gallery-store';
import { cachedSellerBrand } from '../domains/sellers/seller-brand';
import { signedPhotoUrls, signedThumbnailUrls } from './photo-urls';
import { addActivity } from '../domains/activity/activity-store';

async function signedThumbnails(order: OrderRecord): Promise<OrderPhoto[]> {
  return Promise.all(
    order.photoIds.map(async (photoId) => ({
      photoId,
      ...(await thumbnailUrls({ galleryId: order.galleryId, photoId })),
    })),
  );
}

/**
 * An order made from a pick in a public gallery shows, until it is paid, the watermarked previews its
 * customer picked from (never a copy of the photos themselves: anyone can make such an order). They are
 * the gallery's current previews: while the seller has it unpublished or closed they do not load.
 */
async function watermarkedPreviews(order: OrderRecord, publicId: string): Promise<OrderPhoto[]> {
  const record = await getPublicGallery(publicId);
  if (!record) return [];
  const access = await previewAccessOf(record);
  return order.photoIds.map((photoId) => ({
    photoId,
    thumbnailUrl: previewPath(publicId, access, photoId, 'grid.webp'),
  }));
}

/** What the unpaid order's summary shows: the spec's thumbnails, or a pick's watermarked previews. */
const summaryPhotos = (order: OrderRecord): Promise<OrderPhoto[]> =>
  order.publicId ? watermarkedPreviews(order, order.publicId) : signedThumbnails(order);

/** Paying is still possible: the customer gets thumbnails and what to do next. */
const awaitsCheckout = (status: OrderStatus): boolean => status === 'PENDING' || status === 'DRAFT';

/**
 * The status the customer sees: an order whose download period is over reads as EXPIRED (the screen then
 * shows the expired text rather than 'already completed' with photos that are gone); an order waiting for
 * its checkout expires with the order. A refund or a lost dispute stays REFUNDED: that is why access ended.
 */
function customerStatus(order: OrderRecord, now: Date): OrderStatus {
  return photoAccess(order, now) === 'gone' ? 'EXPIRED' : effectiveStatus(order, now);
}

function baseView(order: OrderRecord, status: OrderStatus): PublicOrder {
  return {
    orderId: order.orderId,
    status,
    // An expired order's history (a failed payment, a refund) no longer matters to the customer; why it
    // ended early (cancelled, its photos deleted) does.
    ...(order.statusReason &&
      (status !== 'EXPIRED' || order.cancelledAt) && { statusReason: order.statusReason }),
    photos: [],
    currency: order.currency,
    total: fromMinorUnits(order.totalMinor, order.currency),
    orderType: order.orderType,
    expiresAt: order.expiresAt,
    ...(order.customerEmail && { customerEmail: order.customerEmail }),
  };
}

/** An order waiting for its checkout: thumbnails, and email entry (free) or the Stripe session (paid). */
async function checkoutView(order: OrderRecord, now: Date): Promise<PublicOrder> {
  const view = { ...baseView(order, customerStatus(order, now)), photos: await summaryPhotos(order) };
  if (order.orderType === 'FREE_ORDER') return { ...view, nextStep: 'COLLECT_EMAIL' };
  // Imported here, not at the top: with the bundle split, its code and the Stripe SDK load only on this path.
  const { ensureCheckoutSession } = await import('./checkout-session');
  const checkout = await ensureCheckoutSession(order, now);
  if (checkout.kind === 'session') {
    const { session } = checkout;
    return { ...view, nextStep: 'REDIRECT_TO_STRIPE', stripeCheckoutUrl: session.url, sessionId: session.id };
  }
  if (checkout.kind === 'payment-underway') {
    // The session being replaced was just paid: its webhook will settle the order, so no second session.
    return { ...baseView(order, 'PROCESSING'), statusReason: 'PAYMENT_PROCESSING' };
  }
  return baseView(checkout.order, customerStatus(checkout.order, now));
}

/** The human check, then the order (404 when there is none): what every customer call starts with. */
export async function checkedOrder(
  orderId: string,
  captchaToken: string,
  sourceIp?: string,
): Promise<OrderRecord> {
  await verifyCaptcha(captchaToken, CAPTCHA_ACTIONS.publicOrderCheck, sourceIp);
  return existingOrder(orderId);
}

async function existingOrder(orderId: string): Promise<OrderRecord> {
  const order = await getOrder(orderId);
  if (!order) throw notFound(serverErrors.orderNotFound);
  return order;
}

/** The order as its steps show it: status and why, and, waiting for its checkout, what to do next. */
async function stepsView(order: OrderRecord, now: Date): Promise<PublicOrder> {
  const status = customerStatus(order, now);
  // Only an order waiting for its checkout shows thumbnails and a way to pay.
  const [view, seller] = await Promise.all([
    awaitsCheckout(status) ? checkoutView(order, now) : baseView(order, status),
    brandOf(order),
  ]);
  return { ...view, ...seller, ...offeredExtension(order, now) };
}

export async function getPublicOrder(
  orderId: string,
  captchaToken: string,
  sourceIp?: string,
): Promise<PublicOrder> {
  return stepsView(await checkedOrder(orderId, captchaToken, sourceIp), new Date());
}

/** The paid extension an ended order's page offers, when the seller offers one (major units). */
function offeredExtension(order: OrderRecord, now: Date): Pick<PublicOrder, 'extensionOffer'> {
  const offer = extensionOffer(order, now);
  return offer
    ? {
        extensionOffer: {
          price: fromMinorUnits(offer.priceMinor, order.currency),
          days: ORDER_AVAILABLE_DAYS,
        },
      }
    : {};
}

/** The seller's business name and logo for the order's pages; nothing when they set neither. */
async function brandOf(order: OrderRecord): Promise<{ seller?: SellerBrand }> {
  const brand = await cachedSellerBrand(order.sellerId);
  return Object.keys(brand).length > 0 ? { seller: brand } : {};
}

/** Why the photos of an order are refused: 409 while that may change, 410 once it never will. */
function refusePhotos(order: OrderRecord, access: Exclude<PhotoAccess, 'available'>, now: Date): never {
  if (access === 'gone') throw gone(serverErrors.photosNoLongerAvailable);
  if (access === 'refunded') throw gone(serverErrors.orderRefunded);
  if (access === 'suspended') throw conflict(serverErrors.orderDisputed);
  if (order.status === 'PROCESSING') throw conflict(serverErrors.paymentProcessing);
  if (effectiveStatus(order, now) === 'EXPIRED') throw gone(serverErrors.orderExpired);
  throw conflict(serverErrors.orderNotFulfilled);
}

/**
 * A fulfilled order's photos (our `POST /public/orders/{orderId}/photos`): signed GET URLs of what the
 * customer bought, for 30 days after fulfilment, while the payment stands. 404 unknown order; 409 not
 * paid yet, payment still processing, or disputed; 410 once the 30 days have passed, the order expired
 * unpaid, or it was refunded. No URL is signed for a refused order. The human check comes first, so the
 * answers cannot be probed without it.
 */
export async function getFulfilledOrder(
  orderId: string,
  captchaToken: string,
  sourceIp?: string,
): Promise<FulfilledOrder> {
  const order = await checkedOrder(orderId, captchaToken, sourceIp);
  const now = new Date();
  const access = photoAccess(order, now);
  if (access !== 'available') refusePhotos(order, access, now);
  return photosView(order, now);
}

/** The photos of an order whose access is available: signed URLs, the seller's brand. */
async function photosView(order: OrderRecord, now: Date): Promise<FulfilledOrder> {
  const [head, photos] = await Promise.all([fulfilledHead(order), signedPhotoUrls(order, now)]);
  return { ...head, ...photos };
}

/** The same order before the human check: the thumbnails only (an unpaid order shows them unchecked). */
async function previewView(order: OrderRecord, now: Date): Promise<FulfilledPreview> {
  const [head, thumbnails] = await Promise.all([fulfilledHead(order), signedThumbnailUrls(order, now)]);
  return { ...head, ...thumbnails };
}

/** What both show above the photos: the order, why it changed (a dispute won, a partial refund), the brand. */
async function fulfilledHead(order: OrderRecord) {
  return {
    orderId: order.orderId,
    status: 'FULFILLED' as const,
    ...(order.statusReason && { statusReason: order.statusReason }),
    ...(await brandOf(order)),
  };
}

/**
 * The order page's one call (`POST /public/orders/{orderId}/open`): one read, and the answer the page
 * needs in every state: the photos while they are the customer's (as the fulfilled-order call signs them),
 * otherwise the order as its steps show it (as the order check answers it; a pick's unpaid order with its
 * watermarked previews only). The human check guards the photos: asked without one, an order whose photos
 * are the customer's answers their thumbnails only (`preview`), which its unpaid page showed unchecked
 * too, and the page runs the check when the customer first touches it; an order waiting for payment, or
 * ended, needs none (its writes, the email and the checkout, have checks of their own). A token that is
 * given is checked. 404 for an unknown order, as both calls answer.
 */
export async function openOrder(
  orderId: string,
  captchaToken: string | undefined,
  sourceIp?: string,
): Promise<OpenedOrder> {
  const order = captchaToken
    ? await checkedOrder(orderId, captchaToken, sourceIp)
    : await existingOrder(orderId);
  const now = new Date();
  const photosAvailable = photoAccess(order, now) === 'available';
  const opened = async (): Promise<OpenedOrder> => {
    if (!photosAvailable) return { kind: 'steps', order: await stepsView(order, now) };
    return captchaToken
      ? { kind: 'photos', order: await photosView(order, now) }
      : { kind: 'preview', order: await previewView(order, now) };
  };
  // Opened: counted here, the one call a page open makes (the order check and the fulfilled-order call
  // are its steps' and refreshes' calls, not openings). Never fails the call.
  const [answer] = await Promise.all([
    opened(),
    addActivity({ kind: 'order', id: order.orderId }, order.sellerId, { opened: 1 }),
  ]);
  return answer;
}
