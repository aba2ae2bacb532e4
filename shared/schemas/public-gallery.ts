/**
 * A gallery published as a public gallery: what the seller sets, checked once here for the
 * seller's form and the API alike. Money in minor units, as the pricing rule takes it
 * (rules/public-gallery-price.ts).
 */
import * as z from 'zod/mini';
import { GalleryActivity } from './activity';
import { SellerBrand } from './branding';
import { CaptchaToken, Currency, Id } from './common';
import { PUBLIC_GALLERY_LIMITS } from '../rules/public-gallery-limits';
import { PREVIEW_CLOSES_PATTERN, PREVIEW_FILES, PREVIEW_SECRET_PATTERN } from '../contract/preview-paths';

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

/** A PIN gallery's wrong PINs as its seller sees them (shared/rules/pin-attempts.ts). */
export const PinStatus = z.object({
  /** Wrong PINs since the PIN was set or last unlocked. */
  failures: z.number(),
  lastFailureAt: z.optional(z.string()),
  /** Every PIN is refused, the right one too, until the seller unlocks it or sets a new PIN. */
  locked: z.boolean(),
  lockedAt: z.optional(z.string()),
  /** The PIN may be shorter than a new one may be (set before the minimum): a longer one is advised. */
  belowMinimum: z.boolean(),
});
export type PinStatus = z.infer<typeof PinStatus>;

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
  /** With a PIN: its wrong PINs and lock. */
  pin: z.optional(PinStatus),
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
    /** What customers paid and kept paid (refunds and lost disputes off), in major units, before fees. */
    revenue: z.number(),
    currency: Currency,
    /** The same for sales made while the gallery was priced in another currency. */
    otherCurrencies: z.optional(z.array(z.object({ currency: Currency, revenue: z.number() }))),
  }),
  /** What customers did, as counts only: the funnel from opening the gallery to paying. */
  activity: GalleryActivity,
});
export type PublicGalleryAdmin = z.infer<typeof PublicGalleryAdmin>;

/** What a customer sends with every public gallery call of a PIN-protected gallery. */
const PinField = z.optional(z.string().check(z.maxLength(PUBLIC_GALLERY_LIMITS.pin.max)));
/**
 * The view is the PIN form's call: after too many wrong PINs it carries a human check's token too
 * (shared/rules/pin-attempts.ts); none is needed before.
 */
export const PublicGalleryBody = z.object({
  pin: PinField,
  captchaToken: z.optional(z.string().check(z.maxLength(4096))),
});

/**
 * A watermarked preview: `gridUrl` about 400 px wide, `fullUrl` at most 1200 px. Both are static paths on
 * the site (shared/contract/preview-paths.ts), served by CloudFront from the bucket without a function call.
 */
export const PublicGalleryPhoto = z.object({
  photoId: Id,
  width: z.number(),
  height: z.number(),
  gridUrl: z.string(),
  fullUrl: z.string(),
});
export type PublicGalleryPhoto = z.infer<typeof PublicGalleryPhoto>;

/** A page of a gallery's photos, in the order they were taken in (uploaded), and where the next begins. */
export const PublicGalleryPage = z.object({
  photos: z.array(PublicGalleryPhoto),
  /** Absent on the last page. Opaque, sealed, bound to the gallery; valid for a day. */
  nextCursor: z.optional(z.string()),
});
export type PublicGalleryPage = z.infer<typeof PublicGalleryPage>;

/** The view answers the first page; the next pages come one at a time as the customer scrolls. */
export const PublicGalleryPageBody = z.object({
  pin: PinField,
  cursor: z.string().check(z.minLength(1), z.maxLength(1024)),
});

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
  /** Every photo a customer can see in the gallery, over all its pages. */
  totalPhotos: z.number(),
  /** The first page. */
  photos: z.array(PublicGalleryPhoto),
  nextCursor: z.optional(z.string()),
});
export type PublicGalleryView = z.infer<typeof PublicGalleryView>;

/** One face's descriptor, as face-api's recognition net gives it (the browser describes the face). */
const FaceDescriptor = z
  .array(z.number().check(z.minimum(-10), z.maximum(10)))
  .check(z.length(PUBLIC_GALLERY_LIMITS.descriptorDims));

export const FaceSearchBody = z.object({ pin: PinField, descriptor: FaceDescriptor });

/**
 * A person the seller hides from the public gallery (a parent's request, a list of children without photo
 * consent): a label of the seller's and the descriptor of a reference photo, described in the seller's
 * browser as a selfie is. Every photo in which a face matches is withheld from customers.
 */
export const HidePersonBody = z.object({
  label: z.string().check(z.trim(), z.minLength(1), z.maxLength(PUBLIC_GALLERY_LIMITS.hiddenPersonLabel)),
  descriptor: FaceDescriptor,
});
export const HiddenPersonParams = z.object({ galleryId: Id, personId: Id });

export const HiddenPerson = z.object({
  personId: Id,
  label: z.string(),
  addedAt: z.string(),
  /** Photos withheld because this person's face matched (released ones no longer). */
  withheldPhotos: z.number(),
});

/** A photo withheld from customers, for the seller to review and release. */
export const WithheldPhoto = z.object({
  photoId: Id,
  /** The seller's own (unwatermarked) thumbnail: a short-lived signed URL. */
  thumbnailUrl: z.string(),
  /** The hidden people whose faces matched. */
  personIds: z.array(Id),
  withheldAt: z.string(),
});

export const HiddenPeopleView = z.object({
  people: z.array(HiddenPerson),
  /** Withheld photos, a page at a time (newest first is not promised: in photo id order). */
  withheld: z.array(WithheldPhoto),
  nextToken: z.optional(z.string()),
});
export type HiddenPeopleView = z.infer<typeof HiddenPeopleView>;
/**
 * Matching photos, closest first, with their previews (they may lie on pages the customer has not
 * scrolled to): never a distance or anyone's descriptor.
 */
export const FaceSearchResponse = z.object({ photos: z.array(PublicGalleryPhoto) });

export const PublicGalleryOrderBody = z.object({
  pin: PinField,
  photoIds: z.array(Id).check(z.minLength(1), z.maxLength(PUBLIC_GALLERY_LIMITS.orderPhotos)),
  /** The human check (action public_gallery_order), as the order calls have. */
  captchaToken: CaptchaToken,
});
/** The order made from the pick: the customer continues at its link, as with any order. */
export const PublicGalleryOrderResponse = z.object({ orderId: Id, url: z.string() });

/**
 * A preview the edge did not find in the bucket (not made yet): the path of shared/contract/preview-paths.ts,
 * which CloudFront forwards to the API when the bucket has no such object.
 */
export const PreviewParams = z.object({
  publicId: PublicId,
  closes: z.string().check(z.regex(PREVIEW_CLOSES_PATTERN)),
  secret: z.string().check(z.regex(PREVIEW_SECRET_PATTERN)),
  photoId: Id,
  size: z.enum(PREVIEW_FILES),
});
