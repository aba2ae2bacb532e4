/**
 * What a customer pays for the photos they pick in a public gallery: one rule, run by the
 * page as the selection changes and by the server when it builds the order, so the two never differ.
 * Amounts are integer minor units (money.ts).
 *
 * The customer always pays the cheapest way to cover their pick: single photos, any number of the
 * seller's bundles ("5 photos for £20"; a bundle may cover fewer photos than it allows when that is
 * still cheaper), or the all-photos price, in which case the order holds every photo of the gallery.
 */
import { PUBLIC_GALLERY_LIMITS } from './public-gallery-limits';

export interface Bundle {
  photos: number;
  priceMinor: number;
}

export interface GalleryPricing {
  /** One photo; 0 with no bundle and no all-photos price makes the gallery free. */
  perPhotoMinor: number;
  bundles: readonly Bundle[];
  /** Every photo of the gallery for this price, when the seller offers it. */
  allPhotosMinor?: number | undefined;
}

export interface PriceQuote {
  totalMinor: number;
  /** The all-photos price is the cheapest: the order holds every photo of the gallery. */
  allPhotos: boolean;
  /** How the total is made up: bundles used (largest first), then single photos. */
  bundlesUsed: Bundle[];
  singles: number;
}

export const isFreeGallery = (pricing: GalleryPricing): boolean =>
  pricing.perPhotoMinor === 0 && pricing.bundles.length === 0 && pricing.allPhotosMinor === undefined;

/**
 * The all-photos price holds every photo in one order, so it is offered only while the gallery has no
 * more photos than an order may hold (an event of 20,000 photos sells by the photo and by bundles).
 */
export const offersAllPhotos = (pricing: GalleryPricing, galleryPhotos: number): boolean =>
  pricing.allPhotosMinor !== undefined && galleryPhotos <= PUBLIC_GALLERY_LIMITS.orderPhotos;

/** The cheapest cover of `count` photos by singles and bundles: cost per count, and the last step. */
function cheapestCovers(count: number, pricing: GalleryPricing) {
  const cost = new Array<number>(count + 1).fill(0);
  const step = new Array<Bundle | null>(count + 1).fill(null);
  for (let covered = 1; covered <= count; covered++) {
    cost[covered] = cost[covered - 1]! + pricing.perPhotoMinor;
    step[covered] = null;
    for (const bundle of pricing.bundles) {
      const withBundle = cost[Math.max(0, covered - bundle.photos)]! + bundle.priceMinor;
      if (withBundle < cost[covered]!) {
        cost[covered] = withBundle;
        step[covered] = bundle;
      }
    }
  }
  return { cost, step };
}

/**
 * The price of `count` picked photos in a gallery of `galleryPhotos`. Throws on a count outside
 * 1..galleryPhotos: the callers check the pick first.
 */
export function priceSelection(pricing: GalleryPricing, count: number, galleryPhotos: number): PriceQuote {
  if (!Number.isInteger(count) || count < 1 || count > galleryPhotos)
    throw new RangeError(`cannot price ${count} of ${galleryPhotos} photos`);
  const { cost, step } = cheapestCovers(count, pricing);
  const all = offersAllPhotos(pricing, galleryPhotos) ? pricing.allPhotosMinor : undefined;
  if (all !== undefined && all <= cost[count]!)
    return { totalMinor: all, allPhotos: true, bundlesUsed: [], singles: 0 };
  const bundlesUsed: Bundle[] = [];
  let singles = 0;
  for (let covered = count; covered > 0;) {
    const bundle = step[covered];
    if (bundle) {
      bundlesUsed.push(bundle);
      covered = Math.max(0, covered - bundle.photos);
    } else {
      singles++;
      covered--;
    }
  }
  bundlesUsed.sort((a, b) => b.photos - a.photos);
  return { totalMinor: cost[count]!, allPhotos: false, bundlesUsed, singles };
}
