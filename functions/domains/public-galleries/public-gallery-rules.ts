/** Pure checks of a gallery's public settings before they are saved. */
import { DEFAULT_CURRENCY, MIN_PAID_ORDER_MINOR } from '#shared/rules/constants';
import { publicGalleryErrors } from '#shared/texts/public-gallery-errors';
import { isFreeGallery } from '#shared/rules/public-gallery-price';
import type { PublishGalleryBody } from '#shared/schemas/public-gallery';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';

export type SettingsCheck = { ok: true; paid: boolean } | { ok: false; message: string };

/**
 * GBP as every order; every price a customer can be charged is either 0 or at least Stripe's minimum
 * charge (a pick is priced from these, so no pick of a paid gallery can come to less than it).
 */
export function checkPublicSettings(body: PublishGalleryBody): SettingsCheck {
  const { settings, faceSearch } = body;
  const { pricing } = settings;
  if (pricing.currency !== DEFAULT_CURRENCY)
    return { ok: false, message: sellerToolErrors.currencyNotSupported };
  const prices = [pricing.perPhotoMinor, ...pricing.bundles.map((b) => b.priceMinor)];
  if (pricing.allPhotosMinor !== undefined) prices.push(pricing.allPhotosMinor);
  if (prices.some((price) => price > 0 && price < MIN_PAID_ORDER_MINOR))
    return { ok: false, message: sellerToolErrors.paidOrderMinimum };
  if (settings.eventDate && settings.endDate && settings.endDate < settings.eventDate)
    return { ok: false, message: publicGalleryErrors.endBeforeEvent };
  if (faceSearch.enabled && !faceSearch.basis)
    return { ok: false, message: publicGalleryErrors.basisRequired };
  return { ok: true, paid: !isFreeGallery(pricing) };
}

/** What turning the face search on or off asks of the stored face data. */
export type FaceSearchChange = 'switched-on' | 'switched-off' | 'unchanged';

export const faceSearchChange = (wasOn: boolean, on: boolean): FaceSearchChange =>
  wasOn === on ? 'unchanged' : on ? 'switched-on' : 'switched-off';

/**
 * The switch-on whose walk over the photos already there is still to be queued, if any: a search just
 * switched on, or one whose walk's first send failed (the seller's next save queues it). Its `enabledAt`
 * names the walk.
 */
export function faceWalkToQueue(faceSearch: {
  enabled: boolean;
  enabledAt?: string;
  walkQueuedFor?: string;
}): string | undefined {
  const { enabled, enabledAt, walkQueuedFor } = faceSearch;
  return enabled && enabledAt !== undefined && walkQueuedFor !== enabledAt ? enabledAt : undefined;
}
