/** Error answers several route groups give, each declared once. */
import { userServerErrors } from '../../texts/account-errors';
import { serverErrors } from '../../texts/errors';
import { paymentServerErrors } from '../../texts/payment-errors';
import { sellerToolErrors } from '../../texts/seller-tools-errors';
import { answer } from '../error-answers';

/** The human check refused the token (functions/lib/captcha.ts). */
export const CAPTCHA_REFUSED = answer(403, serverErrors.captchaFailed);
/** Stripe could not be reached within the request's budget (functions/lib/stripe-call.ts). */
export const STRIPE_UNAVAILABLE = answer(503, paymentServerErrors.stripeUnavailable);
/** The signed-in seller has no account record (yet, or any more). */
export const USER_NOT_FOUND = answer(404, userServerErrors.userNotFound);
/** A gallery that is not the seller's reads as missing. */
export const GALLERY_NOT_FOUND = answer(404, sellerToolErrors.galleryNotFound);
/** A list's `nextToken` that does not open (forged, another list's, or expired). */
export const PAGE_TOKEN_REFUSED = answer(400, serverErrors.invalidPageToken);
