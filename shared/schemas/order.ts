import * as z from 'zod/mini';
import { CaptchaToken, Currency, Email, Id } from './common';

export const OrderStatus = z.enum(['DRAFT', 'PENDING', 'FULFILLED', 'EXPIRED']);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const NextStep = z.enum(['REDIRECT_TO_STRIPE', 'COLLECT_EMAIL']);
export type NextStep = z.infer<typeof NextStep>;

export const OrderType = z.enum(['FREE_ORDER', 'PAID_ORDER']);
export type OrderType = z.infer<typeof OrderType>;

export const OrderPhoto = z.object({ photoId: Id, thumbnailUrl: z.string() });
export type OrderPhoto = z.infer<typeof OrderPhoto>;

export const OrderIdParams = z.object({ orderId: Id });

export const CaptchaBody = z.object({ captchaToken: CaptchaToken });

/** The public order as a customer sees it (public document, section 3). Money in major units. */
export const PublicOrder = z.object({
  orderId: Id,
  status: OrderStatus,
  nextStep: z.optional(NextStep),
  stripeCheckoutUrl: z.optional(z.string()),
  sessionId: z.optional(z.string()),
  photos: z.array(OrderPhoto),
  currency: Currency,
  total: z.number(),
  orderType: OrderType,
  customerEmail: z.optional(z.string()),
  expiresAt: z.string(),
});
export type PublicOrder = z.infer<typeof PublicOrder>;

export const PhotoUrl = z.object({
  url: z.string(),
  width: z.optional(z.number()),
  height: z.optional(z.number()),
  /** The 400 px thumbnail, so the grid does not download every original (ours, beyond the spec). */
  thumbnailUrl: z.optional(z.string()),
});

/** A fulfilled order's originals: signed GET URLs that expire (at most an hour). */
export const FulfilledOrder = z.object({
  orderId: Id,
  status: z.literal('FULFILLED'),
  photoUrls: z.record(z.string(), PhotoUrl),
  urlsExpireAt: z.string(),
});
export type FulfilledOrder = z.infer<typeof FulfilledOrder>;

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

export const SellerOrder = z.object({
  orderId: Id,
  galleryId: Id,
  status: OrderStatus,
  orderType: OrderType,
  total: z.number(),
  currency: Currency,
  photoCount: z.number(),
  customerEmail: z.optional(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  url: z.string(),
});
export type SellerOrder = z.infer<typeof SellerOrder>;

export const SellerOrderList = z.object({ orders: z.array(SellerOrder), nextToken: z.optional(z.string()) });
