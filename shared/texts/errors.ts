/**
 * Every user-visible error text of both specification documents (section 8), letter for letter.
 * Texts with a placeholder are functions. Server messages of our own are at the end.
 */
/** Customer side: order access, checkout, gallery, downloads (public document). */
export const orderErrors = {
  validateCheckoutFailed: (status: number, message: string) =>
    `Failed to validate checkout: ${status} - ${message}`,
  completeCheckoutFailed: (status: number, message: string) =>
    `Failed to complete checkout: ${status} - ${message}`,
  fulfilledOrderFailed: (status: number, message: string) =>
    `Failed to get fulfilled order: ${status} - ${message}`,
  captchaFailed: 'Captcha verification failed. Please try again.',
  orderCheckFailed: 'Failed to check order. Please try again.',
  freeOrderFailed: 'Failed to process order. Please try again.',
  completeCheckoutRetry: 'Failed to complete checkout. Please try again.',
  genericProcessing: 'An error occurred while processing your request. Please try again later.',
  expired:
    'This order has expired and is no longer available for checkout. Orders are typically available for 30 days.',
  alreadyCompleted:
    "This order has already been completed and fulfilled. Please check your email for the download link. If you can't find the email, try checking your spam folder.",
  invalidEmail: 'Please enter a valid email address',
  noOrderId: 'No order ID provided',
} as const;

/** Substrings of complete-checkout errors that mean the order is already done (step 6). */
export const ALREADY_FULFILLED_MARKERS = [
  'already been fulfilled',
  'already been completed',
  'cannot be checked out again',
] as const;

/**
 * The order gallery's texts live in gallery-errors.ts: the order page's first chunk shows some of them, and
 * with a module of their own it carries them without every other customer text.
 */
export * from './gallery-errors';

/**
 * API client texts live in api-errors.ts, the only error module the entry chunk (which every customer
 * page loads) needs; the texts of lazily loaded pages stay out of it.
 */
export * from '../contract/api-errors';

/**
 * Like api-errors.ts, these areas' texts have modules of their own so that a bundler keeps each in the
 * chunks of the pages that show them, not in a chunk every customer page loads.
 */
export * from './content-errors';
export * from './render-errors';
export * from './seller-errors';

/**
 * Seller account texts (sign-up, sign-in, reset, verification, setup, callback, profile, account) live
 * in account-errors.ts: a module of their own, so bundlers keep them in the seller pages' chunks
 * instead of the entry chunk every customer page loads.
 */
export * from './account-errors';

/**
 * Messages the API itself answers with (the spec does not show them; we chose them).
 * Any message about the human check contains 'captcha', which the screens rely on.
 */
export const serverErrors = {
  captchaMissing: 'A captcha token is required',
  captchaFailed: 'captcha verification failed',
  orderNotFound: 'Order not found',
  /** An unsubscribe link whose token does not match the order (ours). */
  unsubscribeLinkInvalid:
    'This unsubscribe link is not valid. Open the link from your latest reminder email.',
  invalidOrderId: 'Invalid order id',
  /** The customer asked for a paid extension the order does not offer now (ours). */
  extensionNotOffered: 'This order cannot be extended now. Please contact the seller.',
  invalidBody: 'Request body must be valid JSON',
  invalidPageToken: 'nextToken: invalid or expired',
  notFound: 'Not found',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  /** What a caller that went around the site is told (functions/lib/origin-verify.ts). */
  originRefused: 'Forbidden: this API answers only requests made through the Shutterlane site',
  internal: 'Internal server error',
  serviceUnavailable: 'Service temporarily unavailable, please try again',
  routeNotImplemented: 'This route is not available yet',
  sellerCannotAcceptPayments: 'This seller cannot accept card payments yet. Please contact the seller.',
  orderNotFulfilled: 'This order has not been fulfilled yet',
  photosNoLongerAvailable: 'The photos of this order are no longer available',
  // Checkout (free orders) and the Stripe webhook. 'already been fulfilled' is what the order screen maps to
  // step 6; the expiry text must not contain any of ALREADY_FULFILLED_MARKERS.
  orderAlreadyFulfilled: 'This order has already been fulfilled',
  orderExpired: 'This order has expired and is no longer available for checkout',
  orderNotFree: 'This order is paid by card: open the order link to pay',
  checkoutSessionInvalid: 'This checkout session is not valid or has expired. Please start again.',
  confirmationEmailFailed: 'The confirmation email could not be sent',
  noCustomerEmail: 'No email address is known for this order',
  stripeSignatureMissing: 'Missing Stripe-Signature header',
  stripeSignatureInvalid: 'Invalid Stripe signature',
  webhookEventInProgress: 'This event is being processed; please retry later',
  // The photos of a paid order whose payment is not (or no longer) settled.
  orderRefunded: 'This order has been refunded, so its photos are no longer available',
  orderDisputed:
    'The payment for this order is disputed, so its photos are unavailable until the dispute is settled',
  paymentProcessing: 'The payment for this order is still being processed',
  // An unpaid order that ended before it was paid or completed (the seller cancelled it, or its photos went).
  orderCancelled: 'This order was cancelled and is no longer available for checkout',
} as const;

/**
 * What the customer's order page says about an order's `statusReason` lives in order-status-texts.ts,
 * a module of its own so that only the chunks of the screens that show it carry it.
 */
export * from './order-status-texts';
