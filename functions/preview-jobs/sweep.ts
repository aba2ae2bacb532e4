/**
 * The sweep of watermarked previews no customer can be shown any more (docs/decisions.md, "Failures that
 * show and storage that stays flat"): a gallery whose end date passed (nothing deletes its folder at
 * that moment: the edge refuses it by the closing time in its path), one unpublished or deleted whose
 * deletion job failed, and folders of an access that moved on. A daily schedule starts it; each message
 * reads SWEEP_PAGES listing pages of `previews/`, deletes what is stale among them and sends the next.
 * A plain listing, not S3's folders (a delimiter): a listing page is 1,000 keys for $0.005 per 1,000
 * pages, and it deletes exactly the keys it judged.
 */
import type { PreviewAccess } from '#shared/contract/preview-paths';
import { bucketsEnv } from '../lib/env';
import { logger } from '../lib/logger';
import { galleriesOf, staleKeys } from '../domains/public-galleries/preview-folders';
import { queuePreviewSweep } from '../domains/public-galleries/preview-jobs';
import { deleteObjects, listKeys } from '../lib/s3';
import { PREVIEWS_PREFIX } from '#shared/platform/storage-layout';
import { currentGallery } from './current';

/**
 * Listing pages (1,000 keys each) a sweep message judges: with their deletes and a read per gallery,
 * well inside the function's minute.
 */
export const SWEEP_PAGES = 10;

/**
 * Each gallery's access customers are sent to now (undefined: none), read after its keys were listed:
 * a key made for an access newer than the one read cannot be in the listing (a change is saved before
 * its previews are made), so no preview customers are sent to is deleted. Read again for every page,
 * never kept from one page to the next, for the same reason.
 */
async function accessOf(publicIds: string[], now: Date): Promise<Map<string, PreviewAccess | undefined>> {
  const read = await Promise.all(publicIds.map((publicId) => currentGallery({ publicId }, now)));
  return new Map(publicIds.map((publicId, i) => [publicId, read[i]?.access]));
}

export async function sweep(token: string | undefined, now = new Date()): Promise<void> {
  const { DERIVED_BUCKET } = bucketsEnv();
  let next = token;
  let listed = 0;
  let removed = 0;
  for (let page = 0; page < SWEEP_PAGES; page++) {
    const { keys, nextToken } = await listKeys(DERIVED_BUCKET, PREVIEWS_PREFIX, next);
    const stale = staleKeys(keys, await accessOf(galleriesOf(keys), now));
    await deleteObjects(DERIVED_BUCKET, stale);
    listed += keys.length;
    removed += stale.length;
    next = nextToken;
    if (!next) break;
  }
  // The next message goes only once this one's pages are done: a failed message is retried, not skipped.
  if (next) await queuePreviewSweep(next);
  logger.info('previews swept', { listed, removed, more: Boolean(next) });
}
