/**
 * The money of a fulfilled order's payment, as it reached the seller's connected account: the charge's
 * balance transaction (amount, Stripe's fee and our application fee itemised in `fee_details`, the net,
 * and `available_on`, when the account's 28-day payout delay releases it). Read from Stripe once after
 * fulfilment and kept on the order for the seller's orders list.
 */
import type { OrderRecord, PaymentRecord } from '../domains/orders/order-store';
import { recordPayment } from '../domains/orders/order-store';
import { stripe, type Stripe } from '../lib/stripe';

const feeOfType = (transaction: Stripe.BalanceTransaction, type: string): number =>
  transaction.fee_details
    .filter((detail) => detail.type === type)
    .reduce((sum, detail) => sum + detail.amount, 0);

export function paymentRecordOf(chargeId: string, transaction: Stripe.BalanceTransaction): PaymentRecord {
  return {
    chargeId,
    balanceTransactionId: transaction.id,
    amountMinor: transaction.amount,
    stripeFeeMinor: feeOfType(transaction, 'stripe_fee'),
    applicationFeeMinor: feeOfType(transaction, 'application_fee'),
    netMinor: transaction.net,
    availableOn: new Date(transaction.available_on * 1000).toISOString(),
  };
}

/**
 * Records the payment's balance transaction on the order, unless it is there already. Throws when Stripe
 * cannot say yet (the event is then retried): the order is fulfilled either way.
 */
export async function recordPaymentMoney(order: OrderRecord): Promise<void> {
  if (order.payment || !order.paymentIntentId || !order.stripeAccountId) return;
  const client = await stripe();
  const intent = await client.paymentIntents.retrieve(
    order.paymentIntentId,
    { expand: ['latest_charge.balance_transaction'] },
    { stripeAccount: order.stripeAccountId },
  );
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const transaction = charge?.balance_transaction;
  if (!charge || typeof transaction !== 'object' || !transaction)
    throw new Error(
      `payment ${order.paymentIntentId} of order ${order.orderId} has no balance transaction yet`,
    );
  // Its fees are counted on the sales counters with the first recording, in the same transaction.
  await recordPayment(order, paymentRecordOf(charge.id, transaction));
}
