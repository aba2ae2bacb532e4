/**
 * A gallery published as a public gallery (issue 16): what the seller sets, checked once here for the
 * seller's form and the API alike. Money in minor units, as the pricing rule takes it
 * (rules/public-gallery-price.ts).
 */
import * as z from 'zod/mini';
import { Currency, Id } from './common';

/** Limits of ours: a handful of bundles keeps the price list readable on a phone. */
export const PUBLIC_GALLERY_LIMITS = {
  bundles: 5,
  bundlePhotos: { min: 2, max: 1000 },
  /** 1,000,000.00 in a two-decimal currency: far above any photo's price, below any overflow. */
  maxPriceMinor: 100_000_000,
  title: 120,
  pin: { min: 4, max: 8 },
  watermarkText: 60,
} as const;

const PriceMinor = z.number().check(z.int(), z.minimum(0), z.maximum(PUBLIC_GALLERY_LIMITS.maxPriceMinor));
const PositivePriceMinor = z
  .number()
  .check(z.int(), z.minimum(1), z.maximum(PUBLIC_GALLERY_LIMITS.maxPriceMinor));

export const Bundle = z.object({
  photos: z
    .number()
    .check(
      z.int(),
      z.minimum(PUBLIC_GALLERY_LIMITS.bundlePhotos.min),
      z.maximum(PUBLIC_GALLERY_LIMITS.bundlePhotos.max),
    ),
  priceMinor: PositivePriceMinor,
});

export const GalleryPricing = z.object({
  currency: Currency,
  perPhotoMinor: PriceMinor,
  bundles: z.array(Bundle).check(z.maxLength(PUBLIC_GALLERY_LIMITS.bundles)),
  allPhotosMinor: z.optional(PositivePriceMinor),
});
export type GalleryPricing = z.infer<typeof GalleryPricing>;

export const WatermarkPosition = z.enum([
  'center',
  'bottom-right',
  'bottom-left',
  'top-right',
  'top-left',
  'tiled',
]);

/** Text or the seller's logo, drawn on previews as they are served (no re-upload to change it). */
export const Watermark = z.union([
  z.object({
    kind: z.literal('text'),
    text: z.string().check(z.trim(), z.minLength(1), z.maxLength(PUBLIC_GALLERY_LIMITS.watermarkText)),
    position: WatermarkPosition,
    opacity: z.number().check(z.minimum(0.1), z.maximum(1)),
  }),
  z.object({
    kind: z.literal('logo'),
    position: WatermarkPosition,
    opacity: z.number().check(z.minimum(0.1), z.maximum(1)),
  }),
]);
export type Watermark = z.infer<typeof Watermark>;

/** A calendar date, as the seller picks it. */
const CalendarDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD'));

export const PublicGallerySettings = z.object({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(PUBLIC_GALLERY_LIMITS.title)),
  eventDate: z.optional(CalendarDate),
  /** After this day the gallery closes: no browsing, no search, no sale; its face data is deleted. */
  endDate: z.optional(CalendarDate),
  coverPhotoId: z.optional(Id),
  /** Digits only; stored hashed, never shown again. */
  pin: z.optional(
    z
      .string()
      .check(
        z.regex(/^\d+$/, 'The PIN is digits only'),
        z.minLength(PUBLIC_GALLERY_LIMITS.pin.min),
        z.maxLength(PUBLIC_GALLERY_LIMITS.pin.max),
      ),
  ),
  pricing: GalleryPricing,
  watermark: Watermark,
});
export type PublicGallerySettings = z.infer<typeof PublicGallerySettings>;
