/**
 * The preview jobs queue's messages (consumed by functions/preview-jobs) and the one way to send each:
 * - `walk`: make the previews of every photo of a published gallery, a page of photos per message, the
 *   walk going on from where the last page ended (so publishing 20,000 photos costs the seller's request
 *   one message);
 * - `make`: make the previews of a few photos (a page of a walk, or a photo just processed);
 * - `delete`: remove a folder of previews (an access that ended, or a deleted gallery's every folder);
 * - `sweep`: remove every folder of previews no customer can be shown any more (a gallery closed by its
 *   end date, unpublished or gone, an access that moved on), a page of galleries per message: a daily
 *   schedule sends the first (infra/stacks/media-stack.ts), each page sends the next.
 * A `walk` or `make` names the access it was sent for: when the gallery's access has moved on since, the
 * job is dropped (the change that moved it sent its own walk).
 */
import * as z from 'zod/mini';
import {
  PREVIEW_CLOSES_PATTERN,
  PREVIEW_SECRET_PATTERN,
  type PreviewAccess,
} from '#shared/contract/preview-paths';
import { Id } from '#shared/schemas/common';
import { sendToQueue } from '../../lib/sqs';
import { PREVIEWS_PREFIX } from '#shared/platform/storage-layout';

/** Photos per `make` job: a few seconds of drawing, so a failed job repeats little. */
export const MAKE_BATCH = 10;

const Access = z.object({
  closes: z.string().check(z.regex(PREVIEW_CLOSES_PATTERN)),
  secret: z.string().check(z.regex(PREVIEW_SECRET_PATTERN)),
});

/** S3 continuation tokens are opaque; this bounds what a message may carry. */
const SWEEP_TOKEN_MAX = 2048;

/** Where a walk goes on: the photos table's last key of the page before. */
const WalkKey = z.object({ galleryId: Id, photoId: Id });

export const PreviewJob = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('walk'), publicId: Id, access: Access, after: z.optional(WalkKey) }),
  z.object({
    kind: z.literal('make'),
    publicId: Id,
    access: z.optional(Access),
    photoIds: z.array(Id).check(z.minLength(1), z.maxLength(MAKE_BATCH)),
  }),
  z.object({ kind: z.literal('delete'), publicId: Id, access: z.optional(Access) }),
  // `token`: S3's continuation token of the listing of galleries, where this page starts.
  z.object({ kind: z.literal('sweep'), token: z.optional(z.string().check(z.maxLength(SWEEP_TOKEN_MAX))) }),
]);
export type PreviewJob = z.infer<typeof PreviewJob>;
export type WalkKey = z.infer<typeof WalkKey>;

/** The bucket prefix a `delete` job removes: one access's folder, or every folder of the gallery. */
export const deletedPrefix = (job: { publicId: string; access?: PreviewAccess | undefined }): string =>
  job.access
    ? `${PREVIEWS_PREFIX}${job.publicId}/${job.access.closes}/${job.access.secret}/`
    : `${PREVIEWS_PREFIX}${job.publicId}/`;

const send = (job: PreviewJob) => sendToQueue('previewJobs', job);

/** Makes every preview of a published gallery under its current access. */
export const queueGalleryPreviews = (publicId: string, access: PreviewAccess, after?: WalkKey) =>
  send({ kind: 'walk', publicId, access, ...(after && { after }) });

/** Makes a few photos' previews (under the gallery's access of the moment, or the one named). */
export async function queuePhotoPreviews(publicId: string, photoIds: string[], access?: PreviewAccess) {
  for (let i = 0; i < photoIds.length; i += MAKE_BATCH)
    await send({
      kind: 'make',
      publicId,
      photoIds: photoIds.slice(i, i + MAKE_BATCH),
      ...(access && { access }),
    });
}

/** Removes the previews of an access that ended, or (no access) of the whole gallery. */
export const queuePreviewDeletion = (publicId: string, access?: PreviewAccess) =>
  send({ kind: 'delete', publicId, ...(access && { access }) });

/** Sweeps the next page of galleries' preview folders. */
export const queuePreviewSweep = (token: string) => send({ kind: 'sweep', token });
