/**
 * The sweep of watermarked previews no customer can be shown any more (docs/decisions.md, "Failures that
 * show and storage that stays flat"): a gallery whose end date passed (nothing deletes its folder at
 * that moment: the edge refuses it by the closing time in its path), one unpublished or deleted whose
 * deletion job failed, and folders of an access that moved on. A daily schedule starts it; each message
 * sweeps SWEEP_GALLERIES galleries' folders and sends the next page.
 */
import { bucketsEnv } from '../lib/env';
import { logger } from '../lib/logger';
import { publicIdOfFolder, staleFolders } from '../lib/preview-folders';
import { queuePreviewSweep } from '../lib/preview-jobs';
import { deletePrefix, listFolders } from '../lib/s3';
import { PREVIEWS_PREFIX } from '../lib/storage-layout';
import { currentGallery } from './current';

/**
 * Galleries a sweep message looks at: a gallery of 20,000 photos closed has 40,000 previews to delete
 * (40 listings and 40 batch deletes), so a few such in one message still fit the function's minute; a
 * message that does not is delivered again and goes on from what is left.
 */
export const SWEEP_GALLERIES = 25;

/** Every `{closes}/{secret}/` folder under a gallery's folder (a gallery has one or two). */
async function accessFolders(bucket: string, galleryFolder: string): Promise<string[]> {
  const closings = await allFolders(bucket, galleryFolder);
  return (await Promise.all(closings.map((closing) => allFolders(bucket, closing)))).flat();
}

async function allFolders(bucket: string, prefix: string): Promise<string[]> {
  const folders: string[] = [];
  let token: string | undefined;
  do {
    const page = await listFolders(bucket, prefix, { token });
    folders.push(...page.folders);
    token = page.nextToken;
  } while (token);
  return folders;
}

/** Removes a gallery's stale folders; how many previews went. */
async function sweepGallery(bucket: string, galleryFolder: string, now: Date): Promise<number> {
  const folders = await accessFolders(bucket, galleryFolder);
  // Read after listing: a folder for an access newer than the one read here cannot be in the listing
  // (a change is saved before its previews are made), so no folder customers are sent to is removed.
  const current = await currentGallery({ publicId: publicIdOfFolder(galleryFolder) }, now);
  let removed = 0;
  for (const folder of staleFolders(folders, current?.access)) removed += await deletePrefix(bucket, folder);
  return removed;
}

export async function sweep(token: string | undefined, now = new Date()): Promise<void> {
  const { DERIVED_BUCKET } = bucketsEnv();
  const page = await listFolders(DERIVED_BUCKET, PREVIEWS_PREFIX, { maxKeys: SWEEP_GALLERIES, token });
  let removed = 0;
  for (const galleryFolder of page.folders) removed += await sweepGallery(DERIVED_BUCKET, galleryFolder, now);
  // The next page goes only once this one is done: a failed page is retried, not skipped.
  if (page.nextToken) await queuePreviewSweep(page.nextToken);
  logger.info('previews swept', { galleries: page.folders.length, removed, more: Boolean(page.nextToken) });
}
