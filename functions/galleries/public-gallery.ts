/**
 * The seller's side of a public gallery: its settings, publishing and unpublishing, the face
 * search switch (with how far it has got), the sales made through it and what customers did there.
 */
import { createHash, randomBytes } from 'node:crypto';
import { brandingErrors } from '#shared/rules/branding';
import { publicGalleryErrors } from '#shared/texts/public-gallery-errors';
import type { RouteResponse } from '#shared/contract/routes';
import { faceDataExpiry, isClosed } from '#shared/rules/public-gallery-access';
import { fromMinorUnits } from '#shared/rules/money';
import { addFigures, emptyFigures, keptSalesMinor } from '#shared/rules/sales-figures';
import type { PublishGalleryBody, Watermark } from '#shared/schemas/public-gallery';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { DEFAULT_CURRENCY } from '#shared/rules/constants';
import { appEnv } from '../lib/env';
import { deleteGalleryFaceData } from '../domains/faces/face-data';
import { sendFaceJob } from '../domains/faces/face-jobs';
import { hashPin } from '../domains/public-galleries/gallery-pin';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { logger } from '../lib/logger';
import { previewsAfterChange } from '../domains/public-galleries/preview-changes';
import { ownGallery } from '../domains/galleries/own-gallery';
import { faceSearchProgress, restampGalleryFaces } from '../domains/faces/face-store';
import { claimPublicId, type GalleryRecord } from '../domains/galleries/gallery-store';
import { getPhoto } from '../domains/galleries/photo-store';
import {
  getPublicGallery,
  markFaceWalkQueued,
  savePublicGallery,
  type FaceSearchRecord,
  type PublicGalleryRecord,
} from '../domains/public-galleries/public-gallery-store';
import { readCounterMonths, totalsByCurrency } from '../domains/orders/sales-counter-store';
import { getUser } from '../domains/sellers/seller-store';
import { readGalleryActivity } from '../domains/activity/activity-store';
import { publicGalleryScope } from '../domains/orders/sales-counters';
import { canAcceptPayments } from '../domains/orders/order-price';
import { resetPinAttempts } from '../domains/public-galleries/pin-attempt-store';
import { pinStatusOf } from './pin-status';
import {
  checkPublicSettings,
  faceSearchChange,
  faceWalkToQueue,
} from '../domains/public-galleries/public-gallery-rules';

type Admin = RouteResponse<'publicGallerySettings'>;

/**
 * The sales made through the public gallery, from its counters (one item per month and currency, moved
 * as its orders are placed, paid, refunded and disputed): orders of every currency, and the revenue in
 * the gallery's currency, with any sales made while it was priced in another one beside it.
 */
async function salesOf(record: PublicGalleryRecord): Promise<Admin['sales']> {
  const totals = totalsByCurrency(await readCounterMonths(publicGalleryScope(record.publicId)));
  const counted = [...totals.values()].reduce(addFigures, emptyFigures());
  const currency = record.settings.pricing.currency;
  const otherCurrencies = [...totals]
    .filter(([other]) => other !== currency)
    .map(([other, figures]) => ({
      currency: other,
      revenue: fromMinorUnits(keptSalesMinor(figures), other),
    }));
  return {
    orders: counted.ordersPlaced,
    paidOrders: counted.ordersPaid,
    revenue: fromMinorUnits(keptSalesMinor(totals.get(currency) ?? emptyFigures()), currency),
    currency,
    ...(otherCurrencies.length > 0 && { otherCurrencies }),
  };
}

export const publicUrl = (publicId: string): string => `${appEnv().APP_URL}/g/${publicId}`;

async function adminView(gallery: GalleryRecord, record: PublicGalleryRecord | undefined): Promise<Admin> {
  if (!record)
    return {
      galleryId: gallery.galleryId,
      published: false,
      closed: false,
      hasPin: false,
      faceSearch: { enabled: false, photosIndexed: 0, photosNotDescribed: 0 },
      sales: { orders: 0, paidOrders: 0, revenue: 0, currency: DEFAULT_CURRENCY },
      activity: { opened: 0, photoViews: 0, selfieSearches: 0, picks: 0, paid: 0 },
    };
  const { faceSearch } = record;
  const [progress, sales, activity] = await Promise.all([
    faceSearch.enabled ? faceSearchProgress(gallery.galleryId) : { described: 0, failed: 0 },
    salesOf(record),
    readGalleryActivity(record.publicId),
  ]);
  return {
    galleryId: gallery.galleryId,
    publicId: record.publicId,
    url: publicUrl(record.publicId),
    published: record.published,
    closed: isClosed({ published: record.published, endDate: record.settings.endDate }, new Date()),
    hasPin: record.pinHash !== undefined,
    ...(record.pinHash && { pin: pinStatusOf(record) }),
    settings: record.settings,
    faceSearch: {
      enabled: faceSearch.enabled,
      ...(faceSearch.basis && { basis: faceSearch.basis }),
      ...(faceSearch.enabledAt && { enabledAt: faceSearch.enabledAt }),
      photosIndexed: progress.described,
      photosNotDescribed: progress.failed,
    },
    sales,
    activity: {
      opened: activity.opened,
      photoViews: activity.photoViews,
      selfieSearches: activity.selfieSearches,
      // Picks and paid are the sales counters' own (an order placed from a pick; paid, or completed free),
      // counted exactly once with the order: not counted a second time.
      picks: sales.orders,
      paid: sales.paidOrders,
    },
  };
}

export async function publicRecordOf(gallery: GalleryRecord): Promise<PublicGalleryRecord | undefined> {
  if (!gallery.publicId) return undefined;
  const record = await getPublicGallery(gallery.publicId);
  // The id names this gallery only: a record of another gallery would be a bug, never shown.
  return record && record.galleryId === gallery.galleryId && record.userId === gallery.userId
    ? record
    : undefined;
}

export async function getPublicSettings(userId: string, galleryId: string): Promise<Admin> {
  const gallery = await ownGallery(userId, galleryId);
  return adminView(gallery, await publicRecordOf(gallery));
}

/** A short hash of the watermark's settings: previews carry it, and a change makes new ones. */
export const watermarkVersion = (watermark: Watermark): string =>
  createHash('sha256').update(JSON.stringify(watermark)).digest('hex').slice(0, 16);

function nextFaceSearch(before: FaceSearchRecord | undefined, body: PublishGalleryBody, now: Date) {
  const change = faceSearchChange(before?.enabled ?? false, body.faceSearch.enabled);
  const at = now.toISOString();
  const faceSearch: FaceSearchRecord =
    change === 'switched-on'
      ? { enabled: true, basis: body.faceSearch.basis!, enabledAt: at }
      : change === 'switched-off'
        ? { ...before!, enabled: false, disabledAt: at }
        : (before ?? { enabled: false });
  return { change, faceSearch };
}

async function checkCover(galleryId: string, coverPhotoId: string | undefined): Promise<void> {
  if (!coverPhotoId) return;
  const photo = await getPhoto(galleryId, coverPhotoId);
  if (photo?.status !== 'READY') throw badRequest(publicGalleryErrors.coverNotInGallery);
}

/**
 * Queues the walk over the photos already there when the search was just switched on (or its walk's send
 * failed before): one message, whatever the gallery's size; the faces function goes on page by page
 * (functions/faces/walk.ts). Recorded once sent, so later saves do not queue it again.
 */
async function queueFaceWalk(galleryId: string, publicId: string, faceSearch: FaceSearchRecord) {
  const startedAt = faceWalkToQueue(faceSearch);
  if (startedAt === undefined) return;
  await sendFaceJob({ kind: 'walk', galleryId, publicId, startedAt });
  await markFaceWalkQueued(publicId, startedAt);
  logger.info('face search switched on: the walk over its photos is queued', { galleryId, startedAt });
}

export async function publishGallery(
  userId: string,
  galleryId: string,
  body: PublishGalleryBody,
  now = new Date(),
): Promise<Admin> {
  const check = checkPublicSettings(body);
  if (!check.ok) throw badRequest(check.message);
  const gallery = await ownGallery(userId, galleryId);
  await checkCover(galleryId, body.settings.coverPhotoId);
  const user = await getUser(userId);
  const logoMark = body.settings.watermark.kind === 'logo';
  if (logoMark && !user?.logo) throw badRequest(brandingErrors.logoWatermarkNeedsLogo);
  if (check.paid && body.published && (!user || !canAcceptPayments(user)))
    throw conflict(sellerToolErrors.paymentsNotActive);
  const publicId = await claimPublicId(
    userId,
    galleryId,
    gallery.publicId ?? randomBytes(12).toString('base64url'),
  );
  if (!publicId) throw notFound(sellerToolErrors.galleryNotFound);
  const before = await publicRecordOf({ ...gallery, publicId });
  const { pin, ...settings } = body.settings;
  const kept = body.removePin ? undefined : before;
  const pinHash = pin ? await hashPin(pin) : kept?.pinHash;
  const pinLength = pin ? pin.length : kept?.pinLength;
  const { change, faceSearch } = nextFaceSearch(before?.faceSearch, body, now);
  const saved = await savePublicGallery(
    {
      publicId,
      userId,
      galleryId,
      published: body.published,
      settings,
      ...(pinHash && { pinHash, ...(pinLength && { pinLength }) }),
      watermarkVersion: watermarkVersion(settings.watermark),
      // The logo drawn is the seller's current one; a new logo moves it (functions/branding).
      ...(logoMark && user?.logo && { watermarkLogoId: user.logo.logoId }),
      faceSearch,
      createdAt: before?.createdAt ?? now.toISOString(),
      updatedAt: now.toISOString(),
    },
    change === 'switched-off',
    // A new or removed PIN starts its count of wrong PINs again (and so lifts a lock).
    Boolean(pin) || body.removePin === true,
  );
  // After the switch is saved: the faces function finds it on, and one describing a photo while it is
  // switched off finds it off and removes what it wrote (functions/faces/describe.ts).
  await queueFaceWalk(galleryId, publicId, saved.faceSearch);
  if (change === 'switched-off') await deleteGalleryFaceData(galleryId);
  await previewsAfterChange(before, saved, now);
  // Face data expires with the gallery: a moved end date moves it too.
  if (change === 'unchanged' && faceSearch.enabled && before?.settings.endDate !== settings.endDate)
    await restampGalleryFaces(galleryId, faceDataExpiry(settings.endDate));
  return adminView({ ...gallery, publicId }, saved);
}

/**
 * The seller unlocks a PIN locked after too many wrong PINs (or clears the count before it locks): counting
 * starts again. 404 for another seller's gallery, 409 for a gallery without a PIN; nothing changes then.
 */
export async function unlockPin(userId: string, galleryId: string): Promise<Admin> {
  const gallery = await ownGallery(userId, galleryId);
  const record = await publicRecordOf(gallery);
  if (!record?.pinHash || !(await resetPinAttempts(record.publicId, record)))
    throw conflict(publicGalleryErrors.noPin);
  return getPublicSettings(userId, galleryId);
}
