/**
 * A public gallery while customers may see it, with its preview access: what every preview job checks
 * before drawing, and what the sweep keeps.
 */
import type { PreviewAccess } from '#shared/contract/preview-paths';
import { isOpenToCustomers } from '#shared/rules/public-gallery-access';
import { previewAccessOf, sameAccess } from '../domains/public-galleries/preview-access';
import { getPublicGallery, type PublicGalleryRecord } from '../domains/public-galleries/public-gallery-store';

/**
 * The gallery and its access, when customers may see it and (if the job names one) the access is the
 * one the job was sent for; undefined when the job is stale or the gallery closed, unpublished or gone.
 */
export async function currentGallery(
  job: { publicId: string; access?: PreviewAccess | undefined },
  now = new Date(),
): Promise<{ record: PublicGalleryRecord; access: PreviewAccess } | undefined> {
  const record = await getPublicGallery(job.publicId);
  if (!record || !isOpenToCustomers({ published: record.published, endDate: record.settings.endDate }, now))
    return undefined;
  const access = await previewAccessOf(record);
  if (job.access && !sameAccess(job.access, access)) return undefined;
  return { record, access };
}
