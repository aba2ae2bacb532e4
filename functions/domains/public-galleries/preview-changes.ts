/**
 * What a change to a public gallery does to its watermarked previews (docs/decisions.md, "Previews
 * served like static files"): when its access changes (published or not, PIN, end date, watermark), the
 * old folder is deleted and, while customers may see the gallery, every preview is made again under the
 * new one, ahead of visitors. A deleted photo's previews go with it.
 */
import { PREVIEW_FILES, previewKeyOf, previewPath } from '#shared/contract/preview-paths';
import { isOpenToCustomers } from '#shared/rules/public-gallery-access';
import { bucketsEnv } from '../../lib/env';
import { previewAccessOf, sameAccess } from './preview-access';
import { queueGalleryPreviews, queuePreviewDeletion } from './preview-jobs';
import type { PublicGalleryRecord } from './public-gallery-store';
import { deleteObjects } from '../../lib/s3';

const open = (record: PublicGalleryRecord, now: Date) =>
  isOpenToCustomers({ published: record.published, endDate: record.settings.endDate }, now);

/** Queues the preview work a saved change calls for (nothing when the access is the same as before). */
export async function previewsAfterChange(
  before: PublicGalleryRecord | undefined,
  after: PublicGalleryRecord,
  now = new Date(),
): Promise<void> {
  const next = await previewAccessOf(after);
  const previous = before && (await previewAccessOf(before));
  const moved = !previous || !sameAccess(previous, next);
  if (previous && moved) await queuePreviewDeletion(after.publicId, previous);
  if (open(after, now) && (moved || !open(before!, now))) await queueGalleryPreviews(after.publicId, next);
}

/** The deleted photos' previews under the gallery's current access (older folders were deleted whole). */
export async function deletePhotoPreviews(record: PublicGalleryRecord, photoIds: string[]): Promise<void> {
  const access = await previewAccessOf(record);
  const keys = photoIds.flatMap((photoId) =>
    PREVIEW_FILES.map((file) => previewKeyOf(previewPath(record.publicId, access, photoId, file))),
  );
  await deleteObjects(bucketsEnv().DERIVED_BUCKET, keys);
}
