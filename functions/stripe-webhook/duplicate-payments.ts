/**
 * A payment the order did not need (S31): a second tab's session, a session replaced while its customer
 * was on its page, or any payment of an order already paid; or of an order that can no longer be
 * fulfilled (it ended unpaid, or its photos were deleted). It is refunded in full on the seller's
 * connected account, where the direct charge lives; our application fee goes back with it, so the refund
 * costs Shutterlane nothing (the seller loses Stripe's processing fee, as with any refund). One
 * idempotency key per payment intent, and Stripe's "already refunded", make it happen once whatever the
 * redeliveries. The order notes it, so the seller's orders list shows the refunded payment.
 */
import { logger } from '../lib/logger';
import { recordDuplicateRefund } from '../lib/repositories/orders';
import { stripe } from '../lib/stripe';

export interface DuplicatePayment {
  orderId: string;
  checkoutSessionId: string;
  paymentIntentId?: string;
  /** The seller's connected account the payment was made on. */
  account: string;
  why: string;
  /**
   * The reason Stripe records: `duplicate` (the default) for a second payment of an order; `none` for a
   * payment refunded because its order ended, which Stripe's reasons do not describe.
   */
  stripeReason?: 'duplicate' | 'none';
}

export async function refundDuplicatePayment(payment: DuplicatePayment): Promise<void> {
  const { orderId, checkoutSessionId, paymentIntentId, account, why } = payment;
  const reason = payment.stripeReason ?? 'duplicate';
  if (!paymentIntentId) {
    logger.error('duplicate payment without a payment intent: not refunded', { orderId, checkoutSessionId });
    return;
  }
  const client = await stripe();
  try {
    const refund = await client.refunds.create(
      {
        payment_intent: paymentIntentId,
        refund_application_fee: true,
        ...(reason === 'duplicate' && { reason }),
        metadata: { orderId, checkoutSessionId, refundedBecause: why },
      },
      { stripeAccount: account, idempotencyKey: `duplicate-payment-refund:${paymentIntentId}` },
    );
    logger.warn('duplicate payment refunded', {
      orderId,
      checkoutSessionId,
      paymentIntentId,
      refundId: refund.id,
      why,
    });
  } catch (error) {
    if (
      !(error instanceof client.errors.StripeInvalidRequestError) ||
      error.code !== 'charge_already_refunded'
    )
      throw error;
    logger.info('duplicate payment was refunded already', { orderId, paymentIntentId });
  }
  await recordDuplicateRefund(orderId, paymentIntentId);
}
