/**
 * A walk message's work: one step of the walk over the READY photos a gallery had when its face search
 * was switched on (functions/domains/galleries/photo-walk.ts), each page sent on as describe messages of
 * FACE_BATCH_PHOTOS photos, then the next step. Photos uploaded after the switch are announced by their
 * own resize; a photo both announced and walked is described once (the second message skips it).
 */
import { FACE_BATCH_PHOTOS, sendFaceJob, type WalkFacesJob } from '../domains/faces/face-jobs';
import { photoWalkEnv } from '../lib/env';
import { logger } from '../lib/logger';
import { takeWalkStep, type PhotoWalkOutcome } from '../domains/galleries/photo-walk';
import { getPublicGallery } from '../domains/public-galleries/public-gallery-store';
import { walkIsCurrent } from './rules';

export type WalkOutcome = { outcome: 'search-off' } | PhotoWalkOutcome;

export async function walkJob(job: WalkFacesJob): Promise<WalkOutcome> {
  const { galleryId, publicId, startedAt } = job;
  if (!walkIsCurrent(await getPublicGallery(publicId), job)) return { outcome: 'search-off' };
  const step = await takeWalkStep(
    { walkId: `faces:${startedAt}`, galleryId, ...(job.after !== undefined && { after: job.after }) },
    { pageSize: photoWalkEnv().PHOTO_WALK_PAGE_SIZE, batchSize: FACE_BATCH_PHOTOS },
    {
      sendBatch: (photoIds) => sendFaceJob({ kind: 'describe', galleryId, publicId, photoIds }),
      sendNext: (after) => sendFaceJob({ kind: 'walk', galleryId, publicId, startedAt, after }),
    },
  );
  logger.info('faces: walk step', { galleryId, ...step });
  return step;
}
