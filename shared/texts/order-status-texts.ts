import type { OrderStatusReason } from '../schemas/order';

/**
 * What the customer's order page says about `statusReason` (the public order's field), in plain words.
 * Ours: the spec shows none of these states. Re-exported by errors.ts.
 */
export const orderStatusReasonTexts = {
  PAYMENT_PROCESSING:
    'Your payment is being processed. Your photos will be ready as soon as your bank confirms it; this can take a few days.',
  PAYMENT_FAILED:
    'Your payment did not go through, so nothing was charged. You can pay for this order again.',
  REFUNDED: 'This order has been refunded, so its photos are no longer available.',
  PARTIALLY_REFUNDED: 'Part of your payment has been refunded. Your photos are still available.',
  DISPUTE_OPEN:
    'The payment for this order is disputed with your bank, so its photos are unavailable until the dispute is settled.',
  DISPUTE_WON: 'The dispute about this payment has been settled. Your photos are available again.',
  DISPUTE_LOST:
    'The payment for this order was returned to you by your bank, so its photos are no longer available.',
  CANCELLED:
    'The seller cancelled this order, so it can no longer be paid. If you paid for it, your payment is refunded in full automatically.',
  PHOTOS_REMOVED:
    'This order was cancelled because its photos are no longer available. If you paid for it, your payment is refunded in full automatically.',
} as const satisfies Record<OrderStatusReason, string>;
