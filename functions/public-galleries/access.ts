/**
 * Who may see a public gallery (issue 16, case S33): published and open (not past its end date), and
 * for a PIN gallery the right PIN. Unknown, unpublished and closed galleries all answer the same 404,
 * so nothing tells them apart; a PIN gallery says only that a PIN is needed (or wrong), nothing of it.
 */
import { publicGalleryErrors } from '#shared/public-gallery-errors';
import { isOpenToCustomers } from '#shared/rules/public-gallery-access';
import { pinMatches } from '../lib/gallery-pin';
import { forbidden, notFound } from '../lib/http-error';
import { getPublicGallery, type PublicGalleryRecord } from '../lib/repositories/public-galleries';

/** The gallery while it is open to customers (published, not past its end date); 404 otherwise. */
export async function openRecord(publicId: string, now: Date): Promise<PublicGalleryRecord> {
  const record = await getPublicGallery(publicId);
  if (!record || !isOpenToCustomers({ published: record.published, endDate: record.settings.endDate }, now))
    throw notFound(publicGalleryErrors.notFound);
  return record;
}

/** The open gallery, its PIN checked; 404 when closed to customers, 403 for a missing or wrong PIN. */
export async function openGallery(
  publicId: string,
  pin: string | undefined,
  now = new Date(),
): Promise<PublicGalleryRecord> {
  const record = await openRecord(publicId, now);
  if (record.pinHash) {
    if (!pin) throw forbidden(publicGalleryErrors.pinRequired);
    if (!(await pinMatches(pin, record.pinHash))) throw forbidden(publicGalleryErrors.wrongPin);
  }
  return record;
}
