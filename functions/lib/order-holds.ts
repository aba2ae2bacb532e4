/**
 * Holds that keep a gallery and its photos while a customer can still open an order of them (its
 * checkout open, or its photos downloadable). Kept on the gallery and photo items themselves as a
 * `heldUntil` time that only ever grows, so deleting checks the item it deletes in the same conditional
 * write: no index query (eventually consistent: it may miss an order created a moment ago) and no race.
 *
 * Order creation holds first (the gallery, then each photo, each only while it exists and the gallery
 * is not being deleted), then writes the order; fulfilment extends the holds before marking the order
 * fulfilled. Gallery deletion first marks the gallery `deleting` unless it is held, so no new order can
 * start on it (galleries.ts startGalleryDeletion); each photo is then deleted only if it is not held
 * (photos.ts deleteUnheldPhoto). How long an order holds is a rule (order-rules.ts).
 */
import { holdGallery } from './repositories/galleries';
import { holdPhoto } from './repositories/photos';

export type HoldOutcome = 'held' | 'missing';

/** The two writes a hold takes (the repositories'; unit tests pass plain fakes). */
export interface HoldWrites {
  holdGallery: typeof holdGallery;
  holdPhoto: typeof holdPhoto;
}

/**
 * Holds the order's gallery and photos until `until`, the gallery first (a gallery being deleted
 * refuses, so no photo of it is held); 'missing' at the first one that is gone.
 */
export async function holdOrderPhotos(
  order: { sellerId: string; galleryId: string; photoIds: string[] },
  until: Date,
  writes: HoldWrites = { holdGallery, holdPhoto },
): Promise<HoldOutcome> {
  const time = until.toISOString();
  if (!(await writes.holdGallery(order.sellerId, order.galleryId, time))) return 'missing';
  for (const photoId of order.photoIds) {
    if (!(await writes.holdPhoto(order.galleryId, photoId, time))) return 'missing';
  }
  return 'held';
}
