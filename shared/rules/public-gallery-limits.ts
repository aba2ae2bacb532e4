/**
 * Public galleries' limits, checked by the contract's schemas (schemas/public-gallery.ts)
 * and shown by the seller's form. Plain values: the SPA imports them without the schemas and zod.
 */
/** Ours: a handful of bundles keeps the price list readable on a phone. */
export const PUBLIC_GALLERY_LIMITS = {
  bundles: 5,
  bundlePhotos: { min: 2, max: 1000 },
  /** 1,000,000.00 in a two-decimal currency: far above any photo's price, below any overflow. */
  maxPriceMinor: 100_000_000,
  title: 120,
  /**
   * A new PIN's digits: at least 6, so that the wrong PINs a gallery takes before it locks
   * (shared/rules/pin-attempts.ts) find it only by a long chance (docs/decisions.md, "PINs that cannot be
   * guessed"). PINs of 4 or 5 digits set before still open their galleries (`oldestMin`, what the
   * customer's form accepts); their seller is asked to set a longer one.
   */
  pin: { min: 6, max: 8, oldestMin: 4 },
  watermarkText: 60,
  faceSearchBasis: 300,
  /** A face descriptor's length (face-api's recognition net). */
  descriptorDims: 128,
  /** Photos in one order from a public gallery (the all-photos price takes the whole gallery). */
  orderPhotos: 1000,
  /**
   * Photos per page of the customer's view: a phone's first screens and more, about 25 KB of JSON (8 KB
   * compressed), whatever the gallery's size; the next pages load as the customer scrolls.
   */
  pagePhotos: 100,
  /** People hidden in one gallery: a school's list of children without photo consent fits. */
  hiddenPeople: 100,
  hiddenPersonLabel: 80,
} as const;
