/**
 * A preview CloudFront did not find in the bucket (its origin group fails over here on a 403 or 404):
 * checked like every customer call (open gallery, the current access, a shown photo), then read or
 * made, stored where CloudFront looks next time, and answered as the image itself, which CloudFront
 * caches. Anything else answers the same 404, so a guess tells nothing.
 */
import type { PreviewFile } from '#shared/contract/preview-paths';
import { publicGalleryErrors } from '#shared/texts/public-gallery-errors';
import { bucketsEnv } from '../lib/env';
import { notFound } from '../lib/http-error';
import { countMetric } from '../lib/metrics';
import { METRIC } from '#shared/platform/metric-names';
import { RawResult } from '../lib/http';
import { previewAccessOf, sameAccess } from '../domains/public-galleries/preview-access';
import { getPhoto, isShown } from '../domains/galleries/photo-store';
import { readObject } from '../lib/s3';
import { objectKeys } from '#shared/platform/storage-layout';
import { openRecord } from '../public-galleries/access';
import { drawAndStore, PREVIEW_CACHE_CONTROL, previewKey, watermarkLogo } from './make';

export interface PreviewRequest {
  publicId: string;
  closes: string;
  secret: string;
  photoId: string;
  size: PreviewFile;
}

const missing = () => notFound(publicGalleryErrors.notFound);

export async function previewOnDemand(request: PreviewRequest, now = new Date()): Promise<RawResult> {
  const record = await openRecord(request.publicId, now);
  const access = await previewAccessOf(record);
  if (!sameAccess(access, request)) throw missing();
  const photo = await getPhoto(record.galleryId, request.photoId);
  if (!isShown(photo)) throw missing();
  const { DERIVED_BUCKET } = bucketsEnv();
  // Made by a preview job a moment ago, after CloudFront looked: answer that one.
  let preview = await readObject(
    DERIVED_BUCKET,
    previewKey(record.publicId, access, photo.photoId, request.size),
  );
  if (!preview) {
    const logo = await watermarkLogo(record);
    // Never a preview without its mark: a logo watermark whose logo is gone makes none.
    if (record.settings.watermark.kind === 'logo' && !logo) throw missing();
    const optimized = await readObject(DERIVED_BUCKET, objectKeys.optimized(record.galleryId, photo.photoId));
    if (!optimized) throw missing();
    preview = await drawAndStore(record, access, photo.photoId, request.size, optimized, logo);
    countMetric(METRIC.previewsMadeOnDemand);
  }
  return new RawResult({
    statusCode: 200,
    headers: { 'content-type': 'image/webp', 'cache-control': PREVIEW_CACHE_CONTROL },
    body: preview.toString('base64'),
    isBase64Encoded: true,
  });
}
