/**
 * How far the face search has got over a gallery's READY photos: described, not describable (their
 * faces could not be read: Find my photos misses them), and whether any is still to come.
 */
import type { PublicGalleryAdmin } from '#shared/schemas/public-gallery';

export interface FaceSearchProgress {
  described: number;
  notDescribed: number;
  ready: number;
  /** Every READY photo has been looked at (described or not describable), or the search is off. */
  done: boolean;
}

export function faceSearchProgress(admin: PublicGalleryAdmin, readyPhotos: number): FaceSearchProgress {
  const { enabled, photosIndexed, photosNotDescribed } = admin.faceSearch;
  return {
    described: photosIndexed,
    notDescribed: photosNotDescribed,
    ready: readyPhotos,
    done: !enabled || photosIndexed + photosNotDescribed >= readyPhotos,
  };
}
