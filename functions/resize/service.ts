/**
 * The resize trigger's work for one new original: check it is an image, derive, store, record, count.
 * Safe to run twice: the derived objects are rewritten with the same bytes and the photo's READY mark
 * reports whether it was the first, so the gallery's and the seller's photo counts move once.
 */
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { sellerToolErrors } from '#shared/seller-tools-errors';
import { objectKeys, parseOriginalKey, type PhotoRef } from '../lib/storage-layout';
import { bucketsEnv } from '../lib/env';
import { logger } from '../lib/logger';
import { countMetric, METRIC } from '../lib/metrics';
import { addToPhotoCount } from '../lib/repositories/galleries';
import { markPhotoFailed, markPhotoProcessing, markPhotoReady } from '../lib/repositories/photos';
import { addToUserCounter } from '../lib/repositories/users';
import { s3 } from '../lib/s3';
import { deriveImages, type DerivedImages } from './derive';

export type ResizeOutcome = 'ready' | 'again' | 'failed' | 'skipped';

async function readOriginal(key: string): Promise<Buffer> {
  const { ORIGINALS_BUCKET } = bucketsEnv();
  const object = await s3().send(new GetObjectCommand({ Bucket: ORIGINALS_BUCKET, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

async function writeDerived(key: string, body: Buffer): Promise<void> {
  const { DERIVED_BUCKET } = bucketsEnv();
  await s3().send(
    new PutObjectCommand({
      Bucket: DERIVED_BUCKET,
      Key: key,
      Body: body,
      ContentType: 'image/jpeg',
      CacheControl: 'private, max-age=31536000, immutable',
    }),
  );
}

/** Not an image (checked by content: sharp reads the header, whatever the name or type said). */
async function reject(key: string, ref: PhotoRef, error: unknown): Promise<'failed'> {
  logger.warn('resize: original is not a readable image', { key, error });
  await markPhotoFailed(ref.galleryId, ref.photoId, sellerToolErrors.notAnImage);
  // Nothing of a bad file is kept (so it cannot be retried either: the seller uploads a photo instead).
  await s3().send(new DeleteObjectCommand({ Bucket: bucketsEnv().ORIGINALS_BUCKET, Key: key }));
  countMetric(METRIC.photosRejected);
  return 'failed';
}

async function store(ref: PhotoRef, derived: DerivedImages, now: Date): Promise<ResizeOutcome> {
  await Promise.all([
    writeDerived(objectKeys.thumbnail(ref.galleryId, ref.photoId), derived.thumbnail),
    writeDerived(objectKeys.optimized(ref.galleryId, ref.photoId), derived.optimized),
  ]);
  const mark = await markPhotoReady(ref.galleryId, ref.photoId, derived, now);
  if (mark.outcome === 'missing') {
    logger.warn('resize: no photo record for this original', { ref });
    return 'skipped';
  }
  if (mark.outcome === 'again') return 'again';
  // The owner comes from the photo's record: the key names no seller.
  await addToPhotoCount(mark.userId, ref.galleryId, 1);
  await addToUserCounter(mark.userId, 'totalPhotoCount', 1);
  countMetric(METRIC.photosProcessed);
  return 'ready';
}

export async function processOriginal(key: string, now = new Date()): Promise<ResizeOutcome> {
  const ref = parseOriginalKey(key);
  if (!ref) {
    logger.warn('resize: ignoring a key outside the originals layout', { key });
    return 'skipped';
  }
  logger.appendKeys({ galleryId: ref.galleryId, photoId: ref.photoId });
  await markPhotoProcessing(ref.galleryId, ref.photoId);
  let original: Buffer;
  try {
    original = await readOriginal(key);
  } catch (error) {
    // Deleted meanwhile (the photo or its gallery): nothing left to do. Other failures are retried.
    if ((error as { name?: string }).name === 'NoSuchKey') return 'skipped';
    throw error;
  }
  let derived: DerivedImages;
  try {
    derived = await deriveImages(original);
  } catch (error) {
    // Unreadable header, a format we do not take, or image data sharp cannot decode.
    return reject(key, ref, error);
  }
  return store(ref, derived, now);
}
