/**
 * The resize trigger's work for one new original: check it is an image, store its thumbnail first (the
 * seller's grid shows it), then the other copies, mark it READY (counted in the same write), and
 * announce the follow-up jobs its gallery needs (announce.ts). Safe to run twice: the derived objects are
 * rewritten with the same bytes, the first READY mark alone counts the photo in its gallery's and its
 * seller's counts, and a follow-up job sent twice finds its work done. The resize writes only derived copies, never an original: nothing it does triggers it again.
 */
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { objectKeys, parseOriginalKey, type PhotoRef } from '#shared/platform/storage-layout';
import { bucketsEnv } from '../lib/env';
import { logger } from '../lib/logger';
import { countMetric } from '../lib/metrics';
import { METRIC } from '#shared/platform/metric-names';
import {
  markPhotoFailed,
  markPhotoProcessing,
  markPhotoReady,
  markThumbnailStored,
} from '../domains/galleries/photo-store';
import { deleteObject, readObjectStream, writeObject } from '../lib/s3';
import {
  receiveOriginal,
  startDerivation,
  type Derivation,
  type LaterCopies,
  type Thumbnails,
} from './derive';
import { announceReady } from './announce';

export type ResizeOutcome = 'ready' | 'again' | 'failed' | 'skipped';

const writeDerived = (key: string, body: Buffer, contentType: 'image/jpeg' | 'image/webp'): Promise<void> =>
  writeObject(bucketsEnv().DERIVED_BUCKET, key, body, {
    contentType,
    cacheControl: 'private, max-age=31536000, immutable',
  });

/** Not an image (checked by content: sharp reads the header, whatever the name or type said). */
async function reject(key: string, ref: PhotoRef, error: unknown): Promise<'failed'> {
  logger.warn('resize: original is not a readable image', { key, error });
  await markPhotoFailed(ref.galleryId, ref.photoId, sellerToolErrors.notAnImage);
  // Nothing of a bad file is kept (so it cannot be retried either: the seller uploads a photo instead).
  await deleteObject(bucketsEnv().ORIGINALS_BUCKET, key);
  countMetric(METRIC.photosRejected);
  return 'failed';
}

/** What storing did, with the photo's owner from its record (its gallery is read by them for the follow-ups). */
type Stored = { outcome: 'skipped' } | { outcome: 'ready' | 'again'; userId: string };

/**
 * The thumbnail first, recorded on the photo (still PROCESSING): the seller's grid shows it while the
 * other copies are made. Customers see nothing of a photo before it is READY.
 */
async function storeThumbnails(ref: PhotoRef, thumbnails: Thumbnails, now: Date): Promise<void> {
  const { galleryId, photoId } = ref;
  await Promise.all([
    writeDerived(objectKeys.thumbnail(galleryId, photoId), thumbnails.thumbnail, 'image/jpeg'),
    writeDerived(objectKeys.thumbnailWebp(galleryId, photoId), thumbnails.thumbnailWebp, 'image/webp'),
  ]);
  await markThumbnailStored(galleryId, photoId, now);
}

async function store(
  ref: PhotoRef,
  copies: LaterCopies,
  size: Derivation['size'],
  now: Date,
): Promise<Stored> {
  const { galleryId, photoId } = ref;
  await Promise.all([
    writeDerived(objectKeys.optimized(galleryId, photoId), copies.optimized, 'image/jpeg'),
    writeDerived(objectKeys.optimizedWebp(galleryId, photoId), copies.optimizedWebp, 'image/webp'),
    writeDerived(objectKeys.gridWebp(galleryId, photoId), copies.gridWebp, 'image/webp'),
  ]);
  // Marked READY (and as having the WebP copies, grid-sized one included) only once every copy is stored.
  const mark = await markPhotoReady(ref.galleryId, ref.photoId, size, now);
  if (mark.outcome === 'missing') {
    logger.warn('resize: no photo record for this original', { ref });
    return { outcome: 'skipped' };
  }
  // The owner comes from the photo's record: the key names no seller. The first mark counted the photo.
  if (mark.outcome === 'again') return { outcome: 'again', userId: mark.userId };
  countMetric(METRIC.photosProcessed);
  return { outcome: 'ready', userId: mark.userId };
}

export async function processOriginal(key: string, now = new Date()): Promise<ResizeOutcome> {
  const ref = parseOriginalKey(key);
  if (!ref) {
    logger.warn('resize: ignoring a key outside the originals layout', { key });
    return 'skipped';
  }
  logger.appendKeys({ galleryId: ref.galleryId, photoId: ref.photoId });
  await markPhotoProcessing(ref.galleryId, ref.photoId);
  const object = await readObjectStream(bucketsEnv().ORIGINALS_BUCKET, key);
  // Deleted meanwhile (the photo or its gallery): nothing left to do. Other failures are retried,
  // a read broken off half-way included (receiveOriginal rejects with the stream's error).
  if (!object) return 'skipped';
  const original = await receiveOriginal(object.body);
  let derivation: Derivation;
  try {
    derivation = await startDerivation(original);
  } catch (error) {
    // Unreadable header, a format we do not take, or image data sharp cannot decode.
    return reject(key, ref, error);
  }
  const thumbnails = await derivation.thumbnails();
  // The other copies are encoded while the thumbnail is stored and recorded.
  const [, later] = await Promise.all([storeThumbnails(ref, thumbnails, now), derivation.laterCopies()]);
  const stored = await store(ref, later, derivation.size, now);
  // READY and counted first: the follow-ups (faces...) read the photo's copies, never the original.
  if (stored.outcome !== 'skipped') await announceReady(ref, stored.userId);
  return stored.outcome;
}
