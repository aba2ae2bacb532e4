/**
 * A payment the order did not need (S31): a second tab's session, a session replaced while its customer
 * was on its page, or any payment of an order already paid; or a payment that cannot deliver what it paid
 * for (S34-S36): its order ended unpaid (cancelled, its photos deleted) or is gone, its amount or currency
 * is not the order's, or it was made on our platform account where no order is paid. It is refunded in
 * full on the account that holds the charge: the seller's connected account for a direct charge, where
 * our application fee goes back with it (the refund costs Shutterlane nothing; the seller loses Stripe's
 * processing fee, as with any refund), or the platform account. One idempotency key per payment intent,
 * and Stripe's "already refunded", make it happen once whatever the redeliveries, whichever path meets
 * the payment first. The order notes it before the refund is asked for, so the refund's own
 * `charge.refunded` finds it noted and is left alone, and the seller's orders list shows it. A payment
 * that could not deliver is counted for the alarm (functions/lib/metrics.ts).
 */
import { logger } from '../lib/logger';
import { countMetric } from '../lib/metrics';
import { METRIC } from '#shared/platform/metric-names';
import { recordDuplicateRefund } from '../domains/orders/order-store';
import { stripe, type Stripe } from '../lib/stripe';

export interface DuplicatePayment {
  /** The order the session names; undefined when it names none (a platform session). */
  orderId: string | undefined;
  checkoutSessionId: string;
  paymentIntentId?: string;
  /** The seller's connected account the payment was made on; undefined: our platform account. */
  account: string | undefined;
  why: string;
  /**
   * The reason Stripe records: `duplicate` (the default) for a second payment of an order; `none` for a
   * payment refunded because it cannot deliver, which Stripe's reasons do not describe.
   */
  stripeReason?: 'duplicate' | 'none';
  /** The payment could not deliver what it paid for (not a second payment of a delivered order). */
  undelivered?: boolean;
}

/** The idempotency key of the one refund a payment intent can get from us, whatever the path. */
export const refundIdempotencyKey = (paymentIntentId: string): string =>
  `duplicate-payment-refund:${paymentIntentId}`;

const onAccount = (account: string | undefined): Stripe.RequestOptions =>
  account ? { stripeAccount: account } : {};

/**
 * Whether a refund failure says the payment was refunded already: Stripe's `charge_already_refunded`, or
 * our key used before with other metadata (an earlier delivery, when the order stood otherwise) and a
 * refund of the payment there to show for it.
 */
async function refundedBefore(client: Stripe, error: unknown, payment: DuplicatePayment): Promise<boolean> {
  if (error instanceof client.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded')
    return true;
  if (!(error instanceof client.errors.StripeIdempotencyError)) return false;
  const refunds = await client.refunds.list(
    { payment_intent: payment.paymentIntentId ?? '', limit: 1 },
    onAccount(payment.account),
  );
  return refunds.data.length > 0;
}

export async function refundDuplicatePayment(payment: DuplicatePayment): Promise<void> {
  const { orderId, checkoutSessionId, paymentIntentId, account, why } = payment;
  const reason = payment.stripeReason ?? 'duplicate';
  if (payment.undelivered) {
    countMetric(METRIC.undeliveredPaymentsRefunded);
    logger.error('a paid checkout session could not deliver its order: refunding it in full', {
      orderId,
      checkoutSessionId,
      paymentIntentId,
      account: account ?? 'platform',
      why,
    });
  }
  if (!paymentIntentId) {
    logger.error('payment to refund without a payment intent: not refunded', { orderId, checkoutSessionId });
    return;
  }
  if (orderId && account) await recordDuplicateRefund(orderId, paymentIntentId);
  const client = await stripe();
  try {
    const refund = await client.refunds.create(
      {
        payment_intent: paymentIntentId,
        // A direct charge carries our application fee; a platform charge has none to return.
        ...(account && { refund_application_fee: true }),
        ...(reason === 'duplicate' && { reason }),
        metadata: { ...(orderId && { orderId }), checkoutSessionId, refundedBecause: why },
      },
      { ...onAccount(account), idempotencyKey: refundIdempotencyKey(paymentIntentId) },
    );
    logger.warn('payment refunded', {
      orderId,
      checkoutSessionId,
      paymentIntentId,
      refundId: refund.id,
      why,
    });
  } catch (error) {
    if (!(await refundedBefore(client, error, payment))) throw error;
    logger.info('payment was refunded already', { orderId, paymentIntentId });
  }
}
