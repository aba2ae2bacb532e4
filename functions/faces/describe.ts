/**
 * A describe message's work: the faces of up to FACE_BATCH_PHOTOS photos of a gallery whose face search
 * is on, each from its 2048 px copy, stored in the faces table (expiring at the public gallery's end
 * date), and the gallery's face data version moved once so the search rebuilds its index.
 *
 * Safe to run again (a queue delivers at least once, and a failed message is delivered again): photos
 * already described are skipped, so a retry redoes only the photos that failed. A photo whose faces
 * could not be described is marked so (the seller's panel counts them), counted in a metric, logged as
 * an error, and the message fails: the queue retries it, then moves it to its dead-letter queue, which
 * raises an alarm.
 */
import { FACE_DESCRIPTOR_DIMS } from '#shared/rules/face-search';
import { faceDataExpiry } from '#shared/rules/public-gallery-access';
import { bucketsEnv } from '../lib/env';
import type { DescribeFacesJob } from '../domains/faces/face-jobs';
import { logger } from '../lib/logger';
import { countMetric } from '../lib/metrics';
import { METRIC } from '#shared/platform/metric-names';
import {
  deletePhotoFaces,
  describedPhotoIds,
  markFacesNotDescribed,
  putPhotoFaces,
} from '../domains/faces/face-store';
import { getPhotos } from '../domains/galleries/photo-store';
import { bumpFacesVersion, getPublicGallery } from '../domains/public-galleries/public-gallery-store';
import { readObject } from '../lib/s3';
import { objectKeys } from '#shared/platform/storage-layout';
import { checkHiddenPeople } from './hidden-check';
import { searchingGallery, toDescribe } from './rules';

export type DescribeOutcome =
  { outcome: 'search-off' } | { outcome: 'described'; described: number; skipped: number };

/** Some photos' faces could not be described: the message is delivered again. */
export class FacesNotDescribedError extends Error {
  override readonly name = 'FacesNotDescribedError';
  constructor(readonly photoIds: string[]) {
    super(`The faces of ${photoIds.length} photo(s) could not be described`);
  }
}

async function describePhoto(galleryId: string, photoId: string, expiry: number | undefined): Promise<void> {
  const image = await readObject(bucketsEnv().DERIVED_BUCKET, objectKeys.optimized(galleryId, photoId));
  if (!image) throw new Error('The 2048 px copy is missing');
  // face-api loads only when a photo is to be described (a warm function keeps it).
  const { describeFaces } = await import('../domains/faces/face-descriptors');
  const descriptors = await describeFaces(image);
  await putPhotoFaces(galleryId, { photoId, descriptors }, FACE_DESCRIPTOR_DIMS, expiry);
}

/**
 * Deleted, or the search switched off, while we worked: that deletion may have run before our writes,
 * so what we wrote of them goes again. The public id names this gallery for good, so only the photos and
 * the switch are read again. Gives back the photos whose items stay.
 */
async function keepCurrent(job: DescribeFacesJob, written: string[]): Promise<Set<string>> {
  const [latest, photos] = await Promise.all([
    getPublicGallery(job.publicId),
    getPhotos(job.galleryId, written),
  ]);
  const kept = new Set(searchingGallery(latest, job.galleryId) ? photos.map((photo) => photo.photoId) : []);
  await Promise.all(
    written.filter((id) => !kept.has(id)).map((photoId) => deletePhotoFaces(job.galleryId, photoId)),
  );
  return kept;
}

export async function describeJob(job: DescribeFacesJob, now = new Date()): Promise<DescribeOutcome> {
  const { galleryId, publicId } = job;
  const record = await getPublicGallery(publicId);
  if (!searchingGallery(record, galleryId)) return { outcome: 'search-off' };
  const [described, photos] = await Promise.all([
    describedPhotoIds(galleryId, job.photoIds),
    getPhotos(galleryId, job.photoIds),
  ]);
  const photoIds = toDescribe(job.photoIds, described, photos);
  const expiry = faceDataExpiry(record.settings.endDate);
  const done: string[] = [];
  const failed: string[] = [];
  // One after another: face-api's WASM backend uses one core, so photos at once would only queue there.
  for (const photoId of photoIds) {
    try {
      await describePhoto(galleryId, photoId, expiry);
      done.push(photoId);
    } catch (error) {
      logger.error('faces: a photo could not be described', { galleryId, photoId, error });
      countMetric(METRIC.facesNotDescribed);
      await markFacesNotDescribed(galleryId, photoId, expiry, now);
      failed.push(photoId);
    }
  }
  if (done.length + failed.length === 0) {
    await checkHiddenPeople(record, job.photoIds);
    return { outcome: 'described', described: 0, skipped: job.photoIds.length };
  }
  const kept = await keepCurrent(job, [...done, ...failed]);
  if (done.some((id) => kept.has(id))) await bumpFacesVersion(publicId, false);
  // A gallery that hides people shows its new photos only once checked (each skipped one too: a check
  // that failed after its photo was described is done on the message's next delivery).
  await checkHiddenPeople(record, job.photoIds);
  const stillFailed = failed.filter((id) => kept.has(id));
  if (stillFailed.length > 0) throw new FacesNotDescribedError(stillFailed);
  logger.info('faces described', { galleryId, described: done.length });
  return { outcome: 'described', described: done.length, skipped: job.photoIds.length - photoIds.length };
}
