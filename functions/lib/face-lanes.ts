/**
 * Looking for faces in the photos a gallery already has, when its face search is switched on (issue 16).
 *
 * Each READY photo has to go through the resize again (functions/lib/reprocess.ts: its original copied
 * onto itself). Copying them all inside the seller's request took one S3 copy per photo: a gallery of
 * thousands outlasts API Gateway's 30 s, and every copy queued its resize at once, ahead of every
 * seller's uploads behind the resize's reserved concurrency. Instead the photos, in id order, are split
 * into at most FACE_LANES lanes of neighbouring ids, and each lane is walked one photo at a time: the
 * request sends only the first photo of each lane (a fixed number of copies, made concurrently, however
 * big the gallery), and the resize of a lane's photo, once done, sends the next READY photo of its lane.
 * The copy carries the lane in its metadata (when the search was switched on, the lane's last id), so
 * the resize knows where to go on.
 *
 * Why this and not a queue, a state machine or a table of pending photos: it needs no new infrastructure
 * and no new state. The trigger S3 copy -> resize already exists, with Lambda's retries, the events'
 * maximum age and the on-failure queue; the only state is the photos table (which photos, in order) and
 * the faces table (which were looked at). The resize only gains the right to copy an original onto
 * itself. A gallery being looked at holds at most FACE_LANES resizes at a time, so uploads keep going.
 * Throughput: a lane moves one photo per resize (a couple of seconds with the faces), so FACE_LANES lanes
 * look at a thousand photos in roughly ten minutes; the seller's panel shows the count as it grows.
 *
 * A lane always moves to a greater id and ends at its last one, so it cannot loop. It stops early when
 * the resize finds the search switched off. A repeated S3 event cannot double a lane: a photo this lane
 * already sent is recognised by its metadata and left to the run that sent it. Photos uploaded after the
 * switch (their own resize looked at them) and photos deleted meanwhile are skipped.
 *
 * A photo whose resize fails through all of Lambda's retries does not end its lane: the on-failure
 * queue's consumer (functions/resize-failures) reads the lane from the original's metadata and takes the
 * step the resize could not. Known gap: a lane stops where a photo is deleted in the moment between its
 * copy and its resize (the resize then finds no object, so no metadata to go on); the rest of that lane
 * stays out of the search until the seller switches the search off and on again.
 */
import { bucketsEnv } from './env';
import { logger } from './logger';
import { LANE_METADATA, reprocessOriginal } from './reprocess';
import { photoFacesRecorded } from './repositories/faces';
import { listGalleryPhotos, readyPhotoIdsBetween } from './repositories/photos';
import { headObject } from './s3';
import { objectKeys } from './storage-layout';

/**
 * Lanes per gallery: resizes of one gallery's photos at a time, a fifth of the resize's reserved 20
 * (infra/stacks/media-stack.ts), so a gallery being looked at leaves the rest to everyone's uploads.
 */
export const FACE_LANES = 4;

/** A lane as its copies name it: when the search was switched on, and the lane's last photo id. */
export interface FaceLane {
  requestedAt: string;
  through: string;
}

/** The lane an original was sent through the resize for, if any (from the copy's metadata). */
export function laneOf(metadata: Record<string, string> | undefined): FaceLane | undefined {
  const requestedAt = metadata?.[LANE_METADATA.requestedAt];
  const through = metadata?.[LANE_METADATA.through];
  return requestedAt && through ? { requestedAt, through } : undefined;
}

/** Contiguous runs of `ids` (kept in their order), as even as can be: at most `lanes` of them. */
export function splitIntoLanes(
  ids: readonly string[],
  lanes = FACE_LANES,
): { from: string; through: string }[] {
  const count = Math.min(lanes, ids.length);
  return Array.from({ length: count }, (_, lane) => ({
    from: ids[Math.floor((lane * ids.length) / count)]!,
    through: ids[Math.floor(((lane + 1) * ids.length) / count) - 1]!,
  }));
}

/** What a step of a lane did: sent a photo, found it sent by another run of the lane, or found none left. */
export type LaneStep = 'sent' | 'taken' | 'done';

/** Sends the lane's first READY photo from `from` on (`skip` aside) that still needs looking at. */
async function sendNext(galleryId: string, from: string, lane: FaceLane, skip?: string): Promise<LaneStep> {
  const originals = bucketsEnv().ORIGINALS_BUCKET;
  for await (const photoId of readyPhotoIdsBetween(galleryId, from, lane.through)) {
    if (photoId === skip) continue;
    // Looked at already: uploaded after the switch, its own resize described it.
    if (await photoFacesRecorded(galleryId, photoId)) continue;
    const key = objectKeys.original(galleryId, photoId);
    const head = await headObject(originals, key);
    // Deleted meanwhile.
    if (!head) continue;
    // Sent already by this lane (a repeated event ran the step twice): the run that sent it goes on.
    if (head.metadata?.[LANE_METADATA.requestedAt] === lane.requestedAt) return 'taken';
    await reprocessOriginal(key, head, {
      [LANE_METADATA.requestedAt]: lane.requestedAt,
      [LANE_METADATA.through]: lane.through,
    });
    return 'sent';
  }
  return 'done';
}

/**
 * The search was just switched on (and saved): starts the lanes over the gallery's READY photos. The
 * request's own work is one listing of the photos and at most FACE_LANES copies, made at once.
 */
export async function startFaceLanes(
  galleryId: string,
  now: Date,
): Promise<{ photos: number; lanes: number }> {
  const ready = (await listGalleryPhotos(galleryId))
    .filter((photo) => photo.status === 'READY')
    .map((photo) => photo.photoId);
  const requestedAt = now.toISOString();
  const lanes = splitIntoLanes(ready);
  await Promise.all(lanes.map(({ from, through }) => sendNext(galleryId, from, { requestedAt, through })));
  return { photos: ready.length, lanes: lanes.length };
}

/** The resize of a lane's photo is done: the lane's next photo goes through the resize. */
export async function continueFaceLane(
  galleryId: string,
  photoId: string,
  lane: FaceLane,
): Promise<LaneStep> {
  const step = await sendNext(galleryId, photoId, lane, photoId);
  logger.info('face search lane', { step, through: lane.through });
  return step;
}

/**
 * A lane's photo whose resize gave up (its event reached the on-failure queue): the lane goes on past it,
 * so a photo that cannot be processed leaves out only itself. Nothing for an original sent by no lane.
 */
export async function continueFaceLanePast(
  galleryId: string,
  photoId: string,
): Promise<LaneStep | undefined> {
  const head = await headObject(bucketsEnv().ORIGINALS_BUCKET, objectKeys.original(galleryId, photoId));
  const lane = laneOf(head?.metadata);
  return lane && continueFaceLane(galleryId, photoId, lane);
}
