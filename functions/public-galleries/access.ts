/**
 * Who may see a public gallery (case S33): published and open (not past its end date), and
 * for a PIN gallery the right PIN. Unknown, unpublished and closed galleries all answer the same 404,
 * so nothing tells them apart; a PIN gallery says only that a PIN is needed (or wrong, or that it is
 * locked after too many wrong ones), nothing of it.
 */
import { publicGalleryErrors } from '#shared/texts/public-gallery-errors';
import { isOpenToCustomers } from '#shared/rules/public-gallery-access';
import { notFound } from '../lib/http-error';
import { getPublicGallery, type PublicGalleryRecord } from '../domains/public-galleries/public-gallery-store';
import { checkPin, type HumanCheck } from './pin-check';

/** The gallery while it is open to customers (published, not past its end date); 404 otherwise. */
export async function openRecord(publicId: string, now: Date): Promise<PublicGalleryRecord> {
  const record = await getPublicGallery(publicId);
  if (!record || !isOpenToCustomers({ published: record.published, endDate: record.settings.endDate }, now))
    throw notFound(publicGalleryErrors.notFound);
  return record;
}

/**
 * The open gallery, its PIN checked (pin-check.ts); 404 when closed to customers, 403 for a missing or
 * wrong PIN, and past too many wrong PINs 400 (a human check is needed), 429 (wait) or 423 (locked).
 */
export async function openGallery(
  publicId: string,
  pin: string | undefined,
  now = new Date(),
  check: HumanCheck = {},
): Promise<PublicGalleryRecord> {
  const record = await openRecord(publicId, now);
  const { pinHash } = record;
  if (pinHash) await checkPin({ ...record, pinHash }, pin, check, now);
  return record;
}
