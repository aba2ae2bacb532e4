/**
 * Opening an order: one call (`openOrder`), with no human check, whose answer is the fulfilled order's
 * grid or the order as its steps need it. The check guards the photos only: a fulfilled order opens with
 * its thumbnails (`preview`), and the gallery runs the check, for the photos themselves, when the customer
 * first touches the page (use-fresh-order.ts). An order waiting for payment opens with no check at all
 * (its email step and checkout check on their own). This replaces the public document's load sequence
 * (section 4: a check, the fulfilled order first, the public order when that fails), which cost a phone
 * two round trips and two checks before anything showed: docs/decisions.md, "One call opens an order".
 * An unknown order and any other failure are the gallery's states as before; a refused check is too,
 * when the gallery runs it. The fulfilled order's own call brings the photos and refreshes their signed
 * URLs, with its failure text (fulfilled-order.ts).
 */
import { galleryErrors } from '#shared/texts/gallery-errors';
import type { OpenedOrder, PublicOrder } from '#shared/schemas/order';
import { ApiError } from '../../lib/api-client';
import type { Services } from '../../lib/services';

/** A fulfilled order as it opened: its photos, or (asked without a check) their thumbnails. */
export type OpenedGallery = Extract<OpenedOrder, { kind: 'photos' | 'preview' }>;

export type GalleryLoad =
  | { kind: 'robot-check-failed' }
  | { kind: 'error'; message: string }
  | { kind: 'not-found' }
  | { kind: 'gallery'; opened: OpenedGallery }
  /** Not fulfilled (or not any more): the order-access steps take over with this order. */
  | { kind: 'order'; order: PublicOrder };

export async function loadGallery(calls: Pick<Services, 'api'>, orderId: string): Promise<GalleryLoad> {
  try {
    const opened = await calls.api.openOrder({ orderId }, {});
    return opened.kind === 'steps' ? { kind: 'order', order: opened.order } : { kind: 'gallery', opened };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'not-found' };
    return { kind: 'error', message: galleryErrors.loadFailed };
  }
}
