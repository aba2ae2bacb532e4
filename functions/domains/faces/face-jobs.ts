/**
 * The faces queue's messages (functions/faces consumes them), checked with zod on the way in:
 * - `describe`: look for the faces in up to FACE_BATCH_PHOTOS photos of a gallery whose face search is
 *   on (the resize announces each new READY photo; a walk sends the photos already there in batches);
 * - `walk`: one step of the walk over a gallery's READY photos when its search is switched on
 *   (functions/domains/galleries/photo-walk.ts): the first step has no `after`, each step sends the next.
 * A message names the gallery's public id too, so the consumer reads the public record (the switch, the
 * end date) without reading the gallery first.
 */
import * as z from 'zod/mini';
import { Id } from '#shared/schemas/common';
import { parseQueueMessage } from '../../lib/queue-message';
import { sendToQueue } from '../../lib/sqs';

/**
 * Photos a describe message names at most: one message is one invocation of the faces function
 * (about a second a photo), so ten keep it well inside its timeout, and a failed message is retried
 * without redoing more than ten photos' work (those already described are skipped).
 */
export const FACE_BATCH_PHOTOS = 10;

export const DescribeFacesJob = z.object({
  kind: z.literal('describe'),
  galleryId: Id,
  publicId: Id,
  photoIds: z.array(Id).check(z.minLength(1), z.maxLength(FACE_BATCH_PHOTOS)),
});
export type DescribeFacesJob = z.infer<typeof DescribeFacesJob>;

export const WalkFacesJob = z.object({
  kind: z.literal('walk'),
  galleryId: Id,
  publicId: Id,
  /** When the search was switched on (its `enabledAt`): a walk of an earlier switch-on stops. */
  startedAt: z.iso.datetime(),
  /** The last photo id the previous step read. */
  after: z.optional(Id),
});
export type WalkFacesJob = z.infer<typeof WalkFacesJob>;

export const FaceJob = z.discriminatedUnion('kind', [DescribeFacesJob, WalkFacesJob]);
export type FaceJob = z.infer<typeof FaceJob>;

/** The job in a message body; undefined when the body is not one (not JSON, or another shape). */
export const parseFaceJob = (body: string): FaceJob | undefined => parseQueueMessage(FaceJob, body);

export const sendFaceJob = (job: FaceJob): Promise<void> => sendToQueue('faces', job);
