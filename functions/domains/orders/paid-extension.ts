/**
 * What a paid extension's payment does besides fulfilling its own order: the order it extends opens
 * again until the extension's end (shared/rules/paid-extension.ts), so the customer's first link works.
 * The extension's own order reminds its customer before that end; the extended order's reminders are
 * cleared. Moving an end to a later one is the same whatever the retries: a redelivered payment finds
 * nothing left to change.
 */
import { purchasedAccessEnd } from '#shared/rules/paid-extension';
import { extendAccess } from './access-store';
import { getOrder, type OrderRecord } from './order-store';

/** Writes racing on the extended order (the seller extending it at that moment): read again this often. */
const ATTEMPTS = 3;

export async function applyPaidExtension(extension: OrderRecord): Promise<void> {
  if (!extension.extendsOrderId) return;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const extended = await getOrder(extension.extendsOrderId);
    const end = extended && purchasedAccessEnd(extended, extension);
    if (!end || (await extendAccess(extended, end, undefined))) return;
  }
  // Thrown so the payment's event is delivered again and this is tried again.
  throw new Error(
    `order ${extension.extendsOrderId} was not extended by its paid extension ${extension.orderId}`,
  );
}
