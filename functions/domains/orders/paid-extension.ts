/**
 * What a paid extension's payment does besides its own order: the order it extends follows it
 * (shared/rules/paid-extension.ts). Paid, the extended order opens again until the extension's end, so the
 * customer's first link works; refunded in full or disputed, that access ends now; a dispute won gives it
 * back. The extension's own order reminds its customer before that end; the extended order's reminders
 * are cleared. Each move goes to an end decided from both orders as they stand, so a redelivered event
 * finds nothing left to change.
 */
import { followedAccessEnd } from '#shared/rules/paid-extension';
import { extendAccess } from './access-store';
import { getOrder, type OrderRecord } from './order-store';

/** Writes racing on the extended order (the seller extending it at that moment): read again this often. */
const ATTEMPTS = 3;

export async function followPaidExtension(extension: OrderRecord, now = new Date()): Promise<void> {
  if (!extension.extendsOrderId) return;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const extended = await getOrder(extension.extendsOrderId);
    const end = extended && followedAccessEnd(extended, extension, now);
    if (!end || (await extendAccess(extended, end, undefined))) return;
  }
  // Thrown so the payment's event is delivered again and this is tried again.
  throw new Error(`order ${extension.extendsOrderId} did not follow its paid extension ${extension.orderId}`);
}
