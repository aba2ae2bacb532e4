/**
 * A watermarked preview: checked like every public gallery call, made from the 2048 px copy on first
 * request (and again when the watermark changed), kept in the derived bucket, and answered as a redirect
 * to a short-lived signed URL of that watermarked object.
 */
import { createHash } from 'node:crypto';
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

/**
 * What a preview carries: the watermark's settings and, for a logo watermark, which logo (a new logo
 * makes new previews, and new preview links, with no change to the settings).
 */
export const previewStamp = (record: PublicGalleryRecord): string =>
  record.settings.watermark.kind === 'logo'
    ? createHash('sha256')
        .update(`${record.watermarkVersion}:${record.watermarkLogoId ?? ''}`)
        .digest('hex')
        .slice(0, 16)
    : record.watermarkVersion;

/** A logo watermark's logo; a missing one (removed meanwhile) makes no preview rather than an unmarked one. */
async function watermarkLogoPng(record: PublicGalleryRecord): Promise<Buffer | undefined> {
  if (record.settings.watermark.kind !== 'logo') return undefined;
  const logoId = record.watermarkLogoId;
  const png = logoId && (await readObject(bucketsEnv().DERIVED_BUCKET, objectKeys.logo(logoId)));
  if (!png) throw notFound(publicGalleryErrors.notFound);
  return png;
}

/** The preview's key, made (or made again for a new watermark) when missing. */
export async function ensurePreview(
  record: PublicGalleryRecord,
  photoId: string,
  size: PreviewSize,
): Promise<string> {
  const { DERIVED_BUCKET } = bucketsEnv();
  const key = objectKeys.preview(record.galleryId, photoId, size);
  const stamp = previewStamp(record);
  const head = await headObject(DERIVED_BUCKET, key);
  if (head?.metadata?.[WATERMARK_META] === stamp) return key;
  const [optimized, logo] = await Promise.all([
    readObject(DERIVED_BUCKET, objectKeys.optimized(record.galleryId, photoId)),
    watermarkLogoPng(record),
  ]);
  if (!optimized) throw notFound(publicGalleryErrors.notFound);
  const preview = await renderPreview(optimized, size, record.settings.watermark, logo);
  await writeObject(DERIVED_BUCKET, key, preview, {
    contentType: 'image/webp',
    cacheControl: 'private, max-age=31536000, immutable',
    metadata: { [WATERMARK_META]: stamp },
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
