/**
 * Making a photo's watermarked previews under a gallery's access: drawn from its 2048 px copy and kept
 * at the key CloudFront serves (shared/contract/preview-paths.ts), so every later request is a cached static
 * file. Used ahead of visitors by the preview jobs, and on demand for a preview not made yet.
 */
import {
  PREVIEW_FILES,
  previewKeyOf,
  previewPath,
  type PreviewAccess,
  type PreviewFile,
  type PreviewSize,
} from '#shared/contract/preview-paths';
import { bucketsEnv } from '../lib/env';
import type { PublicGalleryRecord } from '../domains/public-galleries/public-gallery-store';
import { headObject, readObject, writeObject } from '../lib/s3';
import { objectKeys } from '#shared/platform/storage-layout';
import { renderPreview } from './watermark';

const SIZE_OF: Record<PreviewFile, PreviewSize> = { 'grid.webp': 'grid', 'full.webp': 'full' };

/**
 * Browsers keep a preview a day (its address never shows other bytes); CloudFront's copies live ten
 * minutes, so a preview whose access ended (unpublished, a new PIN, a person withheld) stops being
 * served within that time of its object's deletion.
 */
export const PREVIEW_CACHE_CONTROL = 'public, max-age=86400, s-maxage=600';

export const previewKey = (publicId: string, access: PreviewAccess, photoId: string, file: PreviewFile) =>
  previewKeyOf(previewPath(publicId, access, photoId, file));

/** A logo watermark's logo; undefined when it is missing (removed meanwhile): then no preview is made. */
export async function watermarkLogo(record: PublicGalleryRecord): Promise<Buffer | undefined> {
  const logoId = record.watermarkLogoId;
  if (!logoId) return undefined;
  return readObject(bucketsEnv().DERIVED_BUCKET, objectKeys.logo(logoId));
}

export type MakeOutcome = 'made' | 'kept' | 'no-source' | 'no-logo';

/**
 * Makes the photo's missing previews under the access (those already there are kept: a repeated job
 * costs a HEAD each). The logo, when the watermark draws one, is read once by the caller.
 */
export async function makePhotoPreviews(
  record: PublicGalleryRecord,
  access: PreviewAccess,
  photoId: string,
  logo: Buffer | undefined,
): Promise<MakeOutcome> {
  const { DERIVED_BUCKET } = bucketsEnv();
  const missing: PreviewFile[] = [];
  for (const file of PREVIEW_FILES)
    if (!(await headObject(DERIVED_BUCKET, previewKey(record.publicId, access, photoId, file))))
      missing.push(file);
  if (missing.length === 0) return 'kept';
  if (record.settings.watermark.kind === 'logo' && !logo) return 'no-logo';
  const optimized = await readObject(DERIVED_BUCKET, objectKeys.optimized(record.galleryId, photoId));
  if (!optimized) return 'no-source';
  for (const file of missing) await drawAndStore(record, access, photoId, file, optimized, logo);
  return 'made';
}

/** Draws one preview from the photo's 2048 px copy and stores it; gives back its bytes. */
export async function drawAndStore(
  record: PublicGalleryRecord,
  access: PreviewAccess,
  photoId: string,
  file: PreviewFile,
  optimized: Buffer,
  logo: Buffer | undefined,
): Promise<Buffer> {
  const preview = await renderPreview(optimized, SIZE_OF[file], record.settings.watermark, logo);
  await writeObject(
    bucketsEnv().DERIVED_BUCKET,
    previewKey(record.publicId, access, photoId, file),
    preview,
    {
      contentType: 'image/webp',
      cacheControl: PREVIEW_CACHE_CONTROL,
    },
  );
  return preview;
}
