/**
 * Who may see a public gallery's watermarked previews (docs/decisions.md, "Previews served like static
 * files"): the folder they are served from, derived from what decides access, so nothing is stored and
 * nothing needs migrating. The folder's secret is an HMAC, under a key drawn from the paging secret, of
 * the gallery's public id, whether it is published, its PIN's hash, its closing time and the watermark's
 * stamp: unpublishing, a new PIN (or none), a new end date or a new watermark each give a new secret,
 * so every link handed out before leads nowhere. The closing time is in the folder itself, so the edge
 * refuses a closed gallery's previews on its own (shared/contract/preview-paths.ts).
 */
import { createHash, createHmac } from 'node:crypto';
import { NEVER_CLOSES, type PreviewAccess } from '#shared/contract/preview-paths';
import { closesAt } from '#shared/rules/public-gallery-access';
import type { PublicGalleryRecord } from './public-gallery-store';
import { pagingTokenSecret } from '../../lib/secrets';

/**
 * What a preview carries: the watermark's settings and, for a logo watermark, which logo (a new logo
 * makes new previews, with no change to the settings).
 */
export const previewStamp = (record: PublicGalleryRecord): string =>
  record.settings.watermark.kind === 'logo'
    ? createHash('sha256')
        .update(`${record.watermarkVersion}:${record.watermarkLogoId ?? ''}`)
        .digest('hex')
        .slice(0, 16)
    : record.watermarkVersion;

/** Epoch seconds of the gallery's closing, or NEVER_CLOSES without an end date. */
export const closingOf = (endDate: string | undefined): string =>
  endDate === undefined ? NEVER_CLOSES : String(Math.floor(closesAt(endDate).getTime() / 1000));

/** Everything a preview's access depends on, one field per line. */
export const accessBasis = (record: PublicGalleryRecord): string =>
  [
    record.publicId,
    record.published ? 'published' : 'unpublished',
    record.pinHash ?? 'no-pin',
    closingOf(record.settings.endDate),
    previewStamp(record),
  ].join('\n');

/** The folder's secret for that basis: 128 bits of an HMAC, base64url (22 characters). */
export const accessSecret = (key: string, basis: string): string =>
  createHmac('sha256', `preview-access:${key}`).update(basis).digest().subarray(0, 16).toString('base64url');

/** The gallery's current preview access. */
export async function previewAccessOf(record: PublicGalleryRecord): Promise<PreviewAccess> {
  return {
    closes: closingOf(record.settings.endDate),
    secret: accessSecret(await pagingTokenSecret(), accessBasis(record)),
  };
}

export const sameAccess = (a: PreviewAccess, b: PreviewAccess): boolean =>
  a.closes === b.closes && a.secret === b.secret;
