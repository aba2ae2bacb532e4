/**
 * A watermarked preview: checked like every public gallery call, made from the 2048 px copy on first
 * request (and again when the watermark changed), kept in the derived bucket, and answered as a redirect
 * to a short-lived signed URL of that watermarked object.
 */
import { publicGalleryErrors } from '#shared/public-gallery-errors';
import { bucketsEnv } from '../lib/env';
import { notFound } from '../lib/http-error';
import { RawResult } from '../lib/http';
import { getPhoto } from '../lib/repositories/photos';
import type { PublicGalleryRecord } from '../lib/repositories/public-galleries';
import { headObject, readObject, signedGetUrl, writeObject } from '../lib/s3';
import { objectKeys } from '../lib/storage-layout';
import { openForPreview } from './access';
import { renderPreview, type PreviewSize } from './watermark';

/** The user metadata naming the watermark a stored preview carries. */
const WATERMARK_META = 'watermark-version';

/** The preview's key, made (or made again for a new watermark) when missing. */
export async function ensurePreview(
  record: PublicGalleryRecord,
  photoId: string,
  size: PreviewSize,
): Promise<string> {
  const { DERIVED_BUCKET } = bucketsEnv();
  const key = objectKeys.preview(record.galleryId, photoId, size);
  const head = await headObject(DERIVED_BUCKET, key);
  if (head?.metadata?.[WATERMARK_META] === record.watermarkVersion) return key;
  const optimized = await readObject(DERIVED_BUCKET, objectKeys.optimized(record.galleryId, photoId));
  if (!optimized) throw notFound(publicGalleryErrors.notFound);
  const preview = await renderPreview(optimized, size, record.settings.watermark);
  await writeObject(DERIVED_BUCKET, key, preview, {
    contentType: 'image/webp',
    cacheControl: 'private, max-age=31536000, immutable',
    metadata: { [WATERMARK_META]: record.watermarkVersion },
  });
  return key;
}

export async function previewRedirect(
  input: { publicId: string; photoId: string; size: PreviewSize; token?: string },
  now = new Date(),
): Promise<RawResult> {
  const record = await openForPreview(input.publicId, input.token, now);
  const photo = await getPhoto(record.galleryId, input.photoId);
  if (photo?.status !== 'READY') throw notFound(publicGalleryErrors.notFound);
  const key = await ensurePreview(record, input.photoId, input.size);
  const location = await signedGetUrl(bucketsEnv().DERIVED_BUCKET, key);
  // The redirect is the gallery's answer of the moment (open, PIN): the browser may reuse it briefly only.
  return new RawResult({ statusCode: 302, headers: { location, 'cache-control': 'private, max-age=300' } });
}
