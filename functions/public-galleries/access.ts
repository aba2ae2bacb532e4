/**
 * Who may see a public gallery (issue 16, case S33): published and open (not past its end date), and
 * for a PIN gallery the right PIN. Unknown, unpublished and closed galleries all answer the same 404,
 * so nothing tells them apart; a PIN gallery says only that a PIN is needed (or wrong), nothing of it.
 */
import { createHash } from 'node:crypto';
import { publicGalleryErrors } from '#shared/public-gallery-errors';
import { isOpenToCustomers } from '#shared/rules/public-gallery-access';
import { pinMatches } from '../lib/gallery-pin';
import { forbidden, notFound } from '../lib/http-error';
import { openPageToken, sealPageToken } from '../lib/paging';
import { getPublicGallery, type PublicGalleryRecord } from '../lib/repositories/public-galleries';

async function openRecord(publicId: string, now: Date): Promise<PublicGalleryRecord> {
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

/** Preview links of a PIN gallery carry this: a changed PIN makes the links handed out before stop working. */
const pinFingerprint = (pinHash: string) =>
  createHash('sha256').update(pinHash).digest('base64url').slice(0, 16);
const tokenScope = (publicId: string) => `preview:${publicId}`;

/** The access token for a PIN gallery's preview links (sealed, a day long); none without a PIN. */
export async function previewToken(record: PublicGalleryRecord): Promise<string | undefined> {
  if (!record.pinHash) return undefined;
  return sealPageToken({ pin: pinFingerprint(record.pinHash) }, tokenScope(record.publicId));
}

/** The open gallery for a preview: a PIN gallery's link must carry a live token of the current PIN. */
export async function openForPreview(
  publicId: string,
  token: string | undefined,
  now = new Date(),
): Promise<PublicGalleryRecord> {
  const record = await openRecord(publicId, now);
  if (!record.pinHash) return record;
  const carried = await openPageToken(token, tokenScope(publicId)).catch(() => undefined);
  if (carried?.pin !== pinFingerprint(record.pinHash)) throw notFound(publicGalleryErrors.notFound);
  return record;
}
