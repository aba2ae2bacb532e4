/**
 * The preview jobs (functions/domains/public-galleries/preview-jobs.ts), each idempotent: a walk sends the same `make` jobs
 * again, a `make` keeps the previews already there, a `delete` of a deleted folder finds nothing, a
 * sweep finds nothing left to remove.
 */
import type { SQSBatchItemFailure, SQSRecord } from 'aws-lambda';
import { bucketsEnv } from '../lib/env';
import { logger } from '../lib/logger';
import { countMetric } from '../lib/metrics';
import { METRIC } from '#shared/platform/metric-names';
import {
  deletedPrefix,
  PreviewJob,
  queueGalleryPreviews,
  queuePhotoPreviews,
} from '../domains/public-galleries/preview-jobs';
import { getPhotos, giveShownPlace, isShown, readyPhotosPage } from '../domains/galleries/photo-store';
import { hidesPeople } from '../domains/public-galleries/public-gallery-store';
import { deletePrefix } from '../lib/s3';
import { makePhotoPreviews, watermarkLogo } from '../previews/make';
import { currentGallery } from './current';
import { sweep } from './sweep';

/**
 * Photos a walk step reads (from the table, as just written): its `make` jobs are sent before the next
 * step, so a crash repeats one page.
 */
export const WALK_PAGE = 100;

type Job<K extends PreviewJob['kind']> = Extract<PreviewJob, { kind: K }>;

async function walk(job: Job<'walk'>): Promise<void> {
  const current = await currentGallery(job);
  if (!current) return;
  const { galleryId } = current.record;
  const page = await readyPhotosPage(galleryId, WALK_PAGE, job.after);
  // Photos processed before galleries were paged get their place on the way (withheld ones excepted);
  // in a gallery that hides people a photo is placed only once its faces were checked (functions/faces).
  const mayPlace = !hidesPeople(current.record);
  const placed = await Promise.all(
    page.photos.map(
      async ({ photoId, shown }) =>
        (shown || (mayPlace && (await giveShownPlace(galleryId, photoId)))) && photoId,
    ),
  );
  const photoIds = placed.filter((photoId): photoId is string => photoId !== false);
  if (photoIds.length > 0) await queuePhotoPreviews(job.publicId, photoIds, job.access);
  if (page.lastKey) await queueGalleryPreviews(job.publicId, job.access, page.lastKey);
}

async function make(job: Job<'make'>): Promise<void> {
  const current = await currentGallery(job);
  if (!current) return;
  const { record, access } = current;
  const logo = await watermarkLogo(record);
  const photos = (await getPhotos(record.galleryId, job.photoIds)).filter(isShown);
  for (const photo of photos) {
    const outcome = await makePhotoPreviews(record, access, photo.photoId, logo);
    if (outcome === 'made') countMetric(METRIC.previewsMade);
    else if (outcome !== 'kept')
      logger.warn('preview not made', { publicId: job.publicId, photoId: photo.photoId, outcome });
  }
}

async function remove(job: Job<'delete'>): Promise<void> {
  const deleted = await deletePrefix(bucketsEnv().DERIVED_BUCKET, deletedPrefix(job));
  logger.info('previews deleted', { publicId: job.publicId, deleted });
}

export async function runPreviewJob(body: string): Promise<void> {
  const job = PreviewJob.parse(JSON.parse(body));
  if (job.kind === 'walk') await walk(job);
  else if (job.kind === 'make') await make(job);
  else if (job.kind === 'sweep') await sweep(job.token);
  else await remove(job);
}

/** The batch's messages that failed, as Lambda's partial batch response names them. */
export async function handlePreviewJobs(messages: SQSRecord[]): Promise<SQSBatchItemFailure[]> {
  const failures: SQSBatchItemFailure[] = [];
  for (const message of messages) {
    try {
      await runPreviewJob(message.body);
    } catch (error) {
      logger.error('preview job failed', { messageId: message.messageId, error });
      failures.push({ itemIdentifier: message.messageId });
    }
  }
  return failures;
}
