/** Identifiers. Order ids are 128 random bits: knowing the link is the customer's only credential. */
import { randomBytes } from 'node:crypto';

const random = (bytes: number): string => randomBytes(bytes).toString('base64url');

export const newOrderId = (): string => random(16);
export const newPhotoId = (): string => random(12);
export const newUserFacingCode = (): string => randomBytes(5).toString('hex').toUpperCase();

/**
 * Gallery ids sort by creation time (a seller's galleries list newest first by sort key): a fixed-width
 * base-36 millisecond timestamp, then randomness.
 */
export const newGalleryId = (now = new Date()): string =>
  `${now.getTime().toString(36).padStart(9, '0')}${random(9)}`;

/** A free order's checkout session id (see shared/rules/free-checkout.ts): 128 random bits. */
export const newCheckoutSessionId = (): string => `fcs_${random(16)}`;

/** A logo upload's id and a processed logo's id: 128 random bits, naming nothing of the seller. */
export const newLogoId = (): string => random(16);

/** A sales export's file name in storage: 128 random bits, naming nothing of the seller. */
export const newExportId = (): string => random(16);

/** The secret of an order's unsubscribe link: 128 random bits. */
export const newReminderToken = (): string => random(16);
