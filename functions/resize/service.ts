/** The resize trigger's work for one new original: derive, store, record. Safe to run twice. */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { objectKeys } from '../../infra/tables';
import { bucketsEnv } from '../lib/env';
import { logger } from '../lib/logger';
import { markPhotoFailed, markPhotoReady } from '../lib/repositories/photos';
import { s3 } from '../lib/s3';
import { deriveImages } from './derive';

export interface OriginalRef {
  userId: string;
  galleryId: string;
  photoId: string;
}

/** Originals are stored at `{userId}/{galleryId}/{photoId}`; any other key is not ours to process. */
export function parseOriginalKey(key: string): OriginalRef | null {
  const parts = decodeURIComponent(key.replace(/\+/g, ' ')).split('/');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) return null;
  const [userId, galleryId, photoId] = parts as [string, string, string];
  return { userId, galleryId, photoId };
}

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

export async function processOriginal(
  key: string,
  now = new Date(),
): Promise<'ready' | 'failed' | 'skipped'> {
  const ref = parseOriginalKey(key);
  if (!ref) {
    logger.warn('resize: ignoring a key outside the originals layout', { key });
    return 'skipped';
  }
  let derived;
  try {
    derived = await deriveImages(await readOriginal(key));
  } catch (error) {
    logger.warn('resize: original is not a readable image', { key, error });
    await markPhotoFailed(ref.galleryId, ref.photoId);
    return 'failed';
  }
  await Promise.all([
    writeDerived(objectKeys.thumbnail(ref.userId, ref.galleryId, ref.photoId), derived.thumbnail),
    writeDerived(objectKeys.optimized(ref.userId, ref.galleryId, ref.photoId), derived.optimized),
  ]);
  const known = await markPhotoReady(ref.galleryId, ref.photoId, derived, now);
  if (!known) logger.warn('resize: no photo record for this original', { key });
  return known ? 'ready' : 'skipped';
}
