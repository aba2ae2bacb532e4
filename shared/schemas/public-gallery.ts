/**
 * A gallery published as a public gallery (issue 16): what the seller sets, checked once here for the
 * seller's form and the API alike. Money in minor units, as the pricing rule takes it
 * (rules/public-gallery-price.ts).
 */
import * as z from 'zod/mini';
import { SellerBrand } from './branding';
import { Currency, Id } from './common';
import { PUBLIC_GALLERY_LIMITS } from '../public-gallery-limits';

/** In a module of their own, so the SPA's forms read them without loading zod (routes.ts). */
export { PUBLIC_GALLERY_LIMITS };

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

/** A gallery's public address: random and unguessable, never its gallery id (which names S3 keys). */
export const PublicId = Id;
export const PublicIdParams = z.object({ publicId: PublicId });

/** The seller's face search switch. Switching it on records the basis the seller confirms. */
export const FaceSearchSetting = z.object({
  enabled: z.boolean(),
  /** What allows processing the faces of everyone photographed (e.g. "The event's terms"). */
  basis: z.optional(
    z.string().check(z.trim(), z.minLength(3), z.maxLength(PUBLIC_GALLERY_LIMITS.faceSearchBasis)),
  ),
});

export const PublishGalleryBody = z.object({
  published: z.boolean(),
  settings: PublicGallerySettings,
  /** Drops the PIN (a new `settings.pin` replaces it; neither keeps the one set before). */
  removePin: z.optional(z.boolean()),
  faceSearch: FaceSearchSetting,
});
export type PublishGalleryBody = z.infer<typeof PublishGalleryBody>;

/** The seller's view of a gallery's public side; the PIN is never sent back, only whether one is set. */
export const PublicGalleryAdmin = z.object({
  galleryId: Id,
  /** Set once the gallery was first published; kept when unpublished, so the link stays the same. */
  publicId: z.optional(PublicId),
  url: z.optional(z.string()),
  published: z.boolean(),
  /** The end date has passed: closed to customers whatever `published` says. */
  closed: z.boolean(),
  hasPin: z.boolean(),
  settings: z.optional(z.omit(PublicGallerySettings, { pin: true })),
  faceSearch: z.object({
    enabled: z.boolean(),
    basis: z.optional(z.string()),
    enabledAt: z.optional(z.string()),
    /** Photos whose faces are in the search so far (switching on processes the photos already there). */
    photosIndexed: z.number(),
    /** Photos whose faces could not be described: Find my photos does not find them. */
    photosNotDescribed: z.number(),
  }),
  sales: z.object({
    /** Orders customers made from the public gallery, and those paid (free ones count as completed). */
    orders: z.number(),
    paidOrders: z.number(),
    /** Paid total in major units, before fees. */
    revenue: z.number(),
    currency: Currency,
  }),
});
export type PublicGalleryAdmin = z.infer<typeof PublicGalleryAdmin>;

/** What a customer sends with every public gallery call of a PIN-protected gallery. */
const PinField = z.optional(z.string().check(z.maxLength(PUBLIC_GALLERY_LIMITS.pin.max)));
export const PublicGalleryBody = z.object({ pin: PinField });

/** A watermarked preview: `gridUrl` about 400 px wide, `fullUrl` at most 1200 px. */
export const PublicGalleryPhoto = z.object({
  photoId: Id,
  width: z.number(),
  height: z.number(),
  gridUrl: z.string(),
  fullUrl: z.string(),
});
export type PublicGalleryPhoto = z.infer<typeof PublicGalleryPhoto>;

export const PublicGalleryView = z.object({
  publicId: PublicId,
  title: z.string(),
  eventDate: z.optional(z.string()),
  endDate: z.optional(z.string()),
  pricing: GalleryPricing,
  free: z.boolean(),
  faceSearch: z.boolean(),
  /** The seller's business name and logo, as they set them (none set: an empty object). */
  seller: SellerBrand,
  cover: z.optional(PublicGalleryPhoto),
  photos: z.array(PublicGalleryPhoto),
});
export type PublicGalleryView = z.infer<typeof PublicGalleryView>;

export const FaceSearchBody = z.object({
  pin: PinField,
  descriptor: z
    .array(z.number().check(z.minimum(-10), z.maximum(10)))
    .check(z.length(PUBLIC_GALLERY_LIMITS.descriptorDims)),
});
/** Matching photos, closest first: ids only, never a distance or anyone's descriptor. */
export const FaceSearchResponse = z.object({ photoIds: z.array(Id) });

export const PublicGalleryOrderBody = z.object({
  pin: PinField,
  photoIds: z.array(Id).check(z.minLength(1), z.maxLength(PUBLIC_GALLERY_LIMITS.orderPhotos)),
});
/** The order made from the pick: the customer continues at its link, as with any order. */
export const PublicGalleryOrderResponse = z.object({ orderId: Id, url: z.string() });

export const PreviewSize = z.enum(['grid', 'full']);
export const PreviewParams = z.object({ publicId: PublicId, photoId: Id, size: PreviewSize });
/** `v`: the watermark's version (a new watermark, a new URL); `t`: a PIN gallery's access token. */
export const PreviewQuery = z.object({
  v: z.string().check(z.regex(/^[a-f0-9]{8,64}$/)),
  t: z.optional(z.string().check(z.maxLength(1024))),
});
