import * as z from 'zod/mini';
import { SellerBrand } from './branding';
import { CaptchaToken, Currency, Email, Id, PageQuery } from './common';
import { ACCESS_EXTENSION_MAX_DAYS } from '../rules/constants';

/**
 * An order's state. Paid orders also go through PROCESSING (a delayed payment, such as a bank debit, is on
 * its way), DISPUTED (the customer's bank disputes the payment: photos withheld until it is settled) and
 * REFUNDED (refunded in full, or a dispute lost: photos no longer served).
 */
export const OrderStatus = z.enum([
  'DRAFT',
  'PENDING',
  'PROCESSING',
  'FULFILLED',
  'DISPUTED',
  'REFUNDED',
  'EXPIRED',
]);
export type OrderStatus = z.infer<typeof OrderStatus>;

/**
 * Why an order is where it is, for the customer's page to say in plain words (`orderStatusReasonTexts` in
 * shared/texts/errors.ts) and the seller's list: a delayed payment on its way or failed, a full or partial
 * refund, a dispute open, won or lost; and why an unpaid order ended before its time (EXPIRED): the
 * seller cancelled it, or a photo of it (or its gallery) was deleted.
 */
export const OrderStatusReason = z.enum([
  'PAYMENT_PROCESSING',
  'PAYMENT_FAILED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'DISPUTE_OPEN',
  'DISPUTE_WON',
  'DISPUTE_LOST',
  'CANCELLED',
  'PHOTOS_REMOVED',
]);
export type OrderStatusReason = z.infer<typeof OrderStatusReason>;

export const NextStep = z.enum(['REDIRECT_TO_STRIPE', 'COLLECT_EMAIL']);
export type NextStep = z.infer<typeof NextStep>;

export const OrderType = z.enum(['FREE_ORDER', 'PAID_ORDER']);
export type OrderType = z.infer<typeof OrderType>;

export const OrderPhoto = z.object({
  photoId: Id,
  thumbnailUrl: z.string(),
  /** The same thumbnail as WebP (ours, beyond the spec): the page falls back to the JPEG without it. */
  thumbnailWebpUrl: z.optional(z.string()),
});
export type OrderPhoto = z.infer<typeof OrderPhoto>;

export const OrderIdParams = z.object({ orderId: Id });

export const CaptchaBody = z.object({ captchaToken: CaptchaToken });
/** Opening an order: the human check's token when the page ran one (it runs one for the photos only). */
export const OpenOrderBody = z.object({ captchaToken: z.optional(CaptchaToken) });

/** The secret of an order's unsubscribe link (the reminder emails carry it). */
export const UnsubscribeQuery = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'Invalid unsubscribe token')),
});

/** The seller extends a completed order's access by this many days (ours). */
export const ExtendAccessBody = z.object({
  days: z.number().check(z.int(), z.minimum(1), z.maximum(ACCESS_EXTENSION_MAX_DAYS)),
});
export type ExtendAccessBody = z.infer<typeof ExtendAccessBody>;

/** The price of a paid extension the seller offers (major units), or null to offer none (ours). */
export const ExtensionOfferBody = z.object({ price: z.nullable(z.number()) });
export type ExtensionOfferBody = z.infer<typeof ExtensionOfferBody>;

/** The order a customer's paid extension is bought as: its page takes the customer to the checkout. */
export const ExtensionPurchase = z.object({ orderId: Id });

/** The public order as a customer sees it (public document, section 3). Money in major units. */
export const PublicOrder = z.object({
  orderId: Id,
  status: OrderStatus,
  statusReason: z.optional(OrderStatusReason),
  nextStep: z.optional(NextStep),
  stripeCheckoutUrl: z.optional(z.string()),
  sessionId: z.optional(z.string()),
  photos: z.array(OrderPhoto),
  currency: Currency,
  total: z.number(),
  orderType: OrderType,
  customerEmail: z.optional(z.string()),
  expiresAt: z.string(),
  /** Ours: the seller's business name and logo, when they set them. */
  seller: z.optional(SellerBrand),
  /** Ours: access has ended and the seller offers this many more days at this price (major units). */
  extensionOffer: z.optional(z.object({ price: z.number(), days: z.number() })),
});
export type PublicOrder = z.infer<typeof PublicOrder>;

export const PhotoUrl = z.object({
  url: z.string(),
  width: z.optional(z.number()),
  height: z.optional(z.number()),
  /** The 400 px thumbnail, so the grid does not download every original (ours, beyond the spec). */
  thumbnailUrl: z.optional(z.string()),
  /** The thumbnail and the 2048 px copy as WebP, what the grid and the viewer show where supported. */
  thumbnailWebpUrl: z.optional(z.string()),
  optimizedWebpUrl: z.optional(z.string()),
  /** The thumbnail GRID_THUMBNAIL_WIDTH_PX wide as WebP: the grid's choice where its column is narrow. */
  gridWebpUrl: z.optional(z.string()),
});

/** A fulfilled order's originals: signed GET URLs that expire (minutes: CUSTOMER_URL_TTL_SECONDS). */
export const FulfilledOrder = z.object({
  orderId: Id,
  status: z.literal('FULFILLED'),
  /** A dispute won or a partial refund: the gallery says so above the photos. */
  statusReason: z.optional(OrderStatusReason),
  photoUrls: z.record(z.string(), PhotoUrl),
  urlsExpireAt: z.string(),
  /** Ours: the seller's business name and logo, when they set them. */
  seller: z.optional(SellerBrand),
});
export type FulfilledOrder = z.infer<typeof FulfilledOrder>;

/**
 * A fulfilled order's grid before the human check: the thumbnails (signed for minutes, as the photos are)
 * and sizes, without the photos themselves (original, 2048 px copy). The customer sees them at once; the
 * check runs at the first touch or key and brings the photos (docs/decisions.md, "One call opens an
 * order"). An unpaid order shows the same thumbnails without a check, so nothing new is revealed.
 */
export const PreviewPhotoUrl = z.omit(PhotoUrl, { url: true, optimizedWebpUrl: true });
export const FulfilledPreview = z.extend(FulfilledOrder, {
  photoUrls: z.record(z.string(), PreviewPhotoUrl),
});
export type FulfilledPreview = z.infer<typeof FulfilledPreview>;

/**
 * An order opened with one call: its photos when they are the customer's now (only their thumbnails when
 * asked without a human check), otherwise the order as its steps need it (what to pay, an email to give,
 * the redirect to Stripe, why it ended): the check guards the photos, not the way to pay for them.
 */
export const OpenedOrder = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('photos'), order: FulfilledOrder }),
  z.object({ kind: z.literal('preview'), order: FulfilledPreview }),
  z.object({ kind: z.literal('steps'), order: PublicOrder }),
]);
export type OpenedOrder = z.infer<typeof OpenedOrder>;

export const ValidateCheckoutBody = z.object({ customerEmail: Email, captchaToken: CaptchaToken });
export const ValidateCheckoutResponse = z.object({ orderDetails: z.object({ sessionId: z.string() }) });

export const CompleteCheckoutBody = z.object({
  sessionId: z.string().check(z.minLength(1), z.maxLength(256)),
  captchaToken: CaptchaToken,
});
export const CompleteCheckoutResponse = z.object({
  status: OrderStatus,
  emailSent: z.boolean(),
  emailError: z.optional(z.string()),
});

/** Seller side: creating and listing orders. Prices in major units, two decimals at most. */
export const CreateOrderBody = z.object({
  galleryId: Id,
  photoIds: z.array(Id).check(z.minLength(1, 'Select at least one photo'), z.maxLength(500)),
  total: z.number().check(z.minimum(0), z.maximum(100000)),
  currency: z.optional(Currency),
  customerEmail: z.optional(Email),
});

/**
 * A paid order's money as it reached the seller's Stripe account (major units): the charge's balance
 * transaction on the seller's connected account. Direct charges: Stripe's processing fee and our 5%
 * application fee both come out of the payment, and the funds become available for payout on
 * `payoutExpectedOn` (the account's 28-day payout delay).
 */
export const SellerOrderPayment = z.object({
  /** What the customer was charged. */
  amount: z.number(),
  /** Stripe's processing fee, borne by the seller. */
  providerFee: z.number(),
  /** Shutterlane's 5% (the application fee Stripe took for us). */
  platformFee: z.number(),
  /** amount − providerFee − platformFee: what the payment added to the seller's balance. */
  net: z.number(),
  /** ISO date-time the funds become available and are paid out (Stripe's `available_on`). */
  payoutExpectedOn: z.string(),
});
export type SellerOrderPayment = z.infer<typeof SellerOrderPayment>;

export const SellerOrder = z.object({
  orderId: Id,
  galleryId: Id,
  status: OrderStatus,
  statusReason: z.optional(OrderStatusReason),
  orderType: OrderType,
  /** The price (major units). */
  total: z.number(),
  currency: Currency,
  /** Our 5% of the price (0 for a free order), known before payment. */
  platformFee: z.number(),
  /** Refunded to the customer so far (0 when nothing was). */
  refunded: z.number(),
  /** Present once the payment's balance transaction has been recorded. */
  payment: z.optional(SellerOrderPayment),
  /** Payments the order did not need (paid twice, e.g. in two tabs), each refunded in full automatically. */
  duplicatePaymentsRefunded: z.number(),
  photoCount: z.number(),
  customerEmail: z.optional(z.string()),
  /** The team member who created it (absent on customers' picks and orders from before teams). */
  createdBy: z.optional(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  url: z.string(),
  /** Made by a customer's pick in one of the seller's public galleries (not by the seller). */
  fromPublicGallery: z.boolean(),
  /** Still waiting for its payment (or a free order for its completion): the seller may cancel it. */
  cancellable: z.boolean(),
  /** Ours: when the customer's download access ends (completed orders), extended or not. */
  accessEndsAt: z.optional(z.string()),
  /** Ours: the seller may extend the access (a completed order, neither refunded nor disputed). */
  extendable: z.boolean(),
  /** Ours: the customer turned off the reminders before access ends. */
  remindersOff: z.optional(z.boolean()),
  /** Ours: the price of the paid extension offered once access ends (shared/rules/paid-extension.ts). */
  extensionPrice: z.optional(z.number()),
  /** Ours: this order is a customer's paid extension of that order. */
  extendsOrderId: z.optional(Id),
});
export type SellerOrder = z.infer<typeof SellerOrder>;

export const SellerOrderList = z.object({ orders: z.array(SellerOrder), nextToken: z.optional(z.string()) });

/**
 * Which of the seller's orders a list shows: every order (the default), the sales (paid, or free and
 * completed) or the unpaid ones (waiting for payment, or ended unpaid: expired or cancelled).
 */
export const SellerOrderView = z.enum(['all', 'sales', 'unpaid']);
export type SellerOrderView = z.infer<typeof SellerOrderView>;

/** `createdBy`: only the orders this team member created (the owner's id: theirs and those made before teams). */
export const ListOrdersQuery = z.extend(PageQuery, {
  view: z.optional(SellerOrderView),
  createdBy: z.optional(Id),
});
