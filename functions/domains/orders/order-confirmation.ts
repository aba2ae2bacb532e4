/**
 * The confirmation email of a fulfilled order, sent by whoever fulfilled it (complete-checkout or the
 * Stripe webhook). Sending must not undo the fulfilment: a failure is recorded and reported, never thrown.
 */
import { serverErrors } from '#shared/texts/errors';
import { confirmationEmail } from '#shared/rules/confirmation-email';
import { photosAvailableUntil } from '#shared/rules/photo-availability';
import { appEnv } from '../../lib/env';
import { logger } from '../../lib/logger';
import { getUser } from '../sellers/seller-store';
import { sellerBrand } from '../sellers/seller-brand';
import { sendEmail } from '../../lib/mail';
import { reclaimConfirmationEmail, recordConfirmationEmail, type OrderRecord } from './order-store';

/** A claim older than this is from a sender that died: the email may be taken over. */
export const CONFIRMATION_CLAIM_STALE_MS = 2 * 60 * 1000;

export interface EmailOutcome {
  emailSent: boolean;
  emailError?: string;
}

/** The seller’s name and logo for an email to a customer; a failed read costs only the brand, never the email. */
export async function emailBrand(sellerId: string, appUrl: string) {
  try {
    return sellerBrand(await getUser(sellerId), appUrl);
  } catch (error) {
    logger.warn('seller brand unavailable for the confirmation email', { sellerId, error });
    return {};
  }
}

/** Sends the email of an order this process has claimed (by fulfilling it, or by reclaiming it). */
export async function sendConfirmation(order: OrderRecord): Promise<EmailOutcome> {
  if (!order.customerEmail) {
    await recordConfirmationEmail(order.orderId, { error: serverErrors.noCustomerEmail });
    return { emailSent: false, emailError: serverErrors.noCustomerEmail };
  }
  const { APP_URL, SUPPORT_EMAIL } = appEnv();
  const availableUntil = photosAvailableUntil(order) ?? new Date();
  const email = confirmationEmail({
    orderId: order.orderId,
    appUrl: APP_URL,
    photoCount: order.photoIds.length,
    availableUntil,
    supportEmail: SUPPORT_EMAIL,
    seller: await emailBrand(order.sellerId, APP_URL),
  });
  try {
    await sendEmail({ to: order.customerEmail, ...email });
  } catch (error) {
    logger.error('confirmation email failed', { orderId: order.orderId, error });
    await recordConfirmationEmail(order.orderId, { error: serverErrors.confirmationEmailFailed });
    return { emailSent: false, emailError: serverErrors.confirmationEmailFailed };
  }
  await recordConfirmationEmail(order.orderId, { sentAt: new Date().toISOString() });
  return { emailSent: true };
}

/** What a redelivered completion found: email settled (sent or failed), sent now, or another sender at work. */
export type ResumeOutcome = 'settled' | 'sent' | 'held-elsewhere';

/**
 * For a redelivered completion of an order already fulfilled: sends the email only if its sender died
 * before recording it (claim older than CONFIRMATION_CLAIM_STALE_MS). 'held-elsewhere' means a sender may
 * still be at work, so the caller should ask to be retried later rather than acknowledge.
 */
export async function resumeConfirmation(order: OrderRecord, now: Date): Promise<ResumeOutcome> {
  if (order.confirmationEmailSentAt || order.confirmationEmailError) return 'settled';
  const staleBefore = new Date(now.getTime() - CONFIRMATION_CLAIM_STALE_MS);
  if (!(await reclaimConfirmationEmail(order.orderId, now, staleBefore))) return 'held-elsewhere';
  await sendConfirmation(order);
  return 'sent';
}
