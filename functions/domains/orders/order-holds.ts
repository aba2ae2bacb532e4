/**
 * Holds that keep a gallery and its photos while a customer can still open an order of them (its
 * checkout open, or its photos downloadable). Kept on the gallery and photo items themselves as a
 * `heldUntil` time that only ever grows, so deleting checks the item it deletes in the same conditional
 * write: no index query (eventually consistent: it may miss an order created a moment ago) and no race.
 *
 * A seller's order holds from its creation: it holds first (the gallery, then each photo, each only
 * while it exists and is not being deleted), then writes the order. A customer's pick in a public
 * gallery holds nothing until it is paid or, free, completed (order-rules.ts holdsFromCreation).
 * Fulfilment holds (or extends the holds) before marking the order fulfilled. Deletion first marks the
 * gallery `deleting` (galleries.ts startGalleryDeletion) or the photo `deletingAt` (photos.ts
 * startPhotoDeletion) unless it is held, so no order can hold it from then on; the photo is then deleted
 * only if it is not held (photos.ts deleteUnheldPhoto). How long an order holds is a rule (order-rules.ts).
 */
import { fulfilledPhotosUntil, holdsFromCreation } from './order-rules';
import { holdGallery } from '../galleries/gallery-store';
import { holdPhoto } from '../galleries/photo-store';

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

/**
 * How long a payment being settled holds what its order names before the order is fulfilled: a settling
 * takes seconds, and if a photo turns out to be gone the holds already taken lapse by themselves this soon.
 */
export const SETTLING_HOLD_MS = 10 * 60 * 1000;

/**
 * Holds what an order being fulfilled `now` names, for its download period. A seller's order has held
 * it since its creation: its holds are extended, and its fulfilment goes on as it always did. A customer's
 * pick held nothing yet: it first holds it all briefly, and if a photo or the gallery is gone or going,
 * the fulfilment stops ('missing': the pick ends and a payment is refunded) and the brief holds taken
 * before lapse, instead of keeping the rest of the gallery for a month for an order that is not fulfilled.
 */
export async function holdForFulfilment(
  order: {
    sellerId: string;
    galleryId: string;
    photoIds: string[];
    publicId?: string;
    extendsOrderId?: string;
  },
  now: Date,
  writes: HoldWrites = { holdGallery, holdPhoto },
): Promise<HoldOutcome> {
  if (holdsFromCreation(order)) {
    await holdOrderPhotos(order, fulfilledPhotosUntil(now), writes);
    return 'held';
  }
  const settling = new Date(now.getTime() + SETTLING_HOLD_MS);
  if ((await holdOrderPhotos(order, settling, writes)) === 'missing') return 'missing';
  return holdOrderPhotos(order, fulfilledPhotosUntil(now), writes);
}
