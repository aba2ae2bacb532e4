/**
 * The seller's side of a public gallery (issue 16): its settings, publishing and unpublishing, the face
 * search switch (with how far it has got), and the sales made through it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { brandingErrors } from '#shared/branding';
import { publicGalleryErrors } from '#shared/public-gallery-errors';
import type { RouteResponse } from '#shared/routes';
import { faceDataExpiry, isClosed } from '#shared/rules/public-gallery-access';
import { wasPaid } from '#shared/rules/order-status';
import { fromMinorUnits } from '#shared/rules/money';
import type { PublishGalleryBody, Watermark } from '#shared/schemas/public-gallery';
import { sellerToolErrors } from '#shared/seller-tools-errors';
import { DEFAULT_CURRENCY } from '#shared/constants';
import { appEnv } from '../lib/env';
import { deleteGalleryFaceData } from '../lib/face-data';
import { sendFaceJob } from '../lib/face-jobs';
import { hashPin } from '../lib/gallery-pin';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { logger } from '../lib/logger';
import { ownGallery } from '../lib/own-gallery';
import { faceSearchProgress, restampGalleryFaces } from '../lib/repositories/faces';
import { claimPublicId, type GalleryRecord } from '../lib/repositories/galleries';
import { listPublicGallerySales } from '../lib/repositories/orders';
import { getPhoto } from '../lib/repositories/photos';
import {
  getPublicGallery,
  markFaceWalkQueued,
  savePublicGallery,
  type FaceSearchRecord,
  type PublicGalleryRecord,
} from '../lib/repositories/public-galleries';
import { getUser } from '../lib/repositories/users';
import { canAcceptPayments } from '../orders/order-rules';
import { checkPublicSettings, faceSearchChange, faceWalkToQueue } from './public-gallery-rules';

type Admin = RouteResponse<'publicGallerySettings'>;

/**
 * Orders made in a public gallery are created after its record (a customer can order only once it is
 * published), by other functions whose clocks may differ from the one that stamped the record by a little:
 * the sales are read from this long before the record's creation.
 */
const CLOCK_MARGIN_MS = 5 * 60_000;

async function salesOf(record: PublicGalleryRecord): Promise<Admin['sales']> {
  const created = Date.parse(record.createdAt);
  // A record without a readable creation time (none is written so) reads every order, as before.
  const since = new Date(Number.isNaN(created) ? 0 : created - CLOCK_MARGIN_MS).toISOString();
  const orders = await listPublicGallerySales(record.userId, record.publicId, since);
  // Completed orders (free ones complete as fulfilled too), whatever happened after.
  const completed = orders.filter((order) => wasPaid(order.status));
  const currency = record.settings.pricing.currency;
  // What stays with the seller: a refund takes its amount back.
  const revenueMinor = completed.reduce(
    (sum, order) => sum + order.totalMinor - (order.refundedMinor ?? 0),
    0,
  );
  return {
    orders: orders.length,
    paidOrders: completed.length,
    revenue: fromMinorUnits(revenueMinor, currency),
    currency,
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
    };
  const { faceSearch } = record;
  const progress = faceSearch.enabled
    ? await faceSearchProgress(gallery.galleryId)
    : { described: 0, failed: 0 };
  return {
    galleryId: gallery.galleryId,
    publicId: record.publicId,
    url: publicUrl(record.publicId),
    published: record.published,
    closed: isClosed({ published: record.published, endDate: record.settings.endDate }, new Date()),
    hasPin: record.pinHash !== undefined,
    settings: record.settings,
    faceSearch: {
      enabled: faceSearch.enabled,
      ...(faceSearch.basis && { basis: faceSearch.basis }),
      ...(faceSearch.enabledAt && { enabledAt: faceSearch.enabledAt }),
      photosIndexed: progress.described,
      photosNotDescribed: progress.failed,
    },
    sales: await salesOf(record),
  };
}

async function publicRecordOf(gallery: GalleryRecord): Promise<PublicGalleryRecord | undefined> {
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
  const pinHash = pin ? await hashPin(pin) : body.removePin ? undefined : before?.pinHash;
  const { change, faceSearch } = nextFaceSearch(before?.faceSearch, body, now);
  const saved = await savePublicGallery(
    {
      publicId,
      userId,
      galleryId,
      published: body.published,
      settings,
      ...(pinHash && { pinHash }),
      watermarkVersion: watermarkVersion(settings.watermark),
      // The logo drawn is the seller's current one; a new logo moves it (functions/branding).
      ...(logoMark && user?.logo && { watermarkLogoId: user.logo.logoId }),
      faceSearch,
      createdAt: before?.createdAt ?? now.toISOString(),
      updatedAt: now.toISOString(),
    },
    change === 'switched-off',
  );
  // After the switch is saved: the faces function finds it on, and one describing a photo while it is
  // switched off finds it off and removes what it wrote (functions/faces/describe.ts).
  await queueFaceWalk(galleryId, publicId, saved.faceSearch);
  if (change === 'switched-off') await deleteGalleryFaceData(galleryId);
  // Face data expires with the gallery: a moved end date moves it too.
  if (change === 'unchanged' && faceSearch.enabled && before?.settings.endDate !== settings.endDate)
    await restampGalleryFaces(galleryId, faceDataExpiry(settings.endDate));
  return adminView({ ...gallery, publicId }, saved);
}
