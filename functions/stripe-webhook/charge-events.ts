/**
 * Refunds and disputes of orders' payments. They happen on the sellers' connected accounts (direct
 * charges), so they come from the Connect endpoint with the account in `event.account`. The order is
 * found through the payment intent's `metadata.orderId` (set at session creation) and must be an order
 * on that account paid by that payment intent; anything else (a refunded duplicate payment, another
 * business on the same account) is left alone.
 */
import { wasPaid } from '#shared/rules/order-status';
import { logger } from '../lib/logger';
import { getOrder, type OrderRecord } from '../domains/orders/order-store';
import { stripe, type Stripe } from '../lib/stripe';
import { decideDispute, decideRefund, disputeStateOf, type Decision } from './order-lifecycle';
import { transitionOrder } from './order-transition';
import { followPaidExtension } from '../domains/orders/paid-extension';
import { RetryLater } from './retry-later';

/** When Stripe says the refund or dispute happened: the sales counters count it in that month. */
const eventTime = (event: Stripe.Event): Date => new Date(event.created * 1000);

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : value?.id;

/**
 * Whether the order may yet record this payment as its own: not while it was paid by another one, nor
 * once it ended unpaid (cancelled, or its photos deleted), nor when this payment was refunded as one the
 * order did not need.
 */
const mayStillRecord = (order: OrderRecord, paymentIntentId: string): boolean =>
  !wasPaid(order.status) &&
  order.status !== 'EXPIRED' &&
  !order.duplicatePaymentsRefunded?.has(paymentIntentId);

/**
 * The order a payment intent on `account` paid, if it is ours. Events are not delivered in order: a
 * refund or dispute can arrive before the payment's own `checkout.session.completed` has fulfilled the
 * order, and is then retried later rather than lost.
 */
async function orderPaidBy(account: string, paymentIntentId: string): Promise<OrderRecord | undefined> {
  const client = await stripe();
  const intent = await client.paymentIntents.retrieve(paymentIntentId, {}, { stripeAccount: account });
  const orderId = intent.metadata?.orderId;
  const order = orderId ? await getOrder(orderId) : undefined;
  const onAccount = order?.stripeAccountId === account;
  if (onAccount && order.paymentIntentId === paymentIntentId) return order;
  if (onAccount && mayStillRecord(order, paymentIntentId))
    throw new RetryLater(`order ${order.orderId} has not recorded its payment ${paymentIntentId} yet`);
  logger.info('payment event not about an order’s payment: left alone', {
    account,
    paymentIntentId,
    orderId,
    orderPaymentIntentId: order?.paymentIntentId,
    orderAccount: order?.stripeAccountId,
  });
  return undefined;
}

async function apply(
  event: Stripe.Event,
  paymentIntentId: string | undefined,
  decide: (order: OrderRecord) => Decision,
) {
  if (!event.account || !paymentIntentId) return;
  const order = await orderPaidBy(event.account, paymentIntentId);
  if (!order) return;
  const result = await transitionOrder(order.orderId, decide, new Date());
  // A paid extension's refund or dispute moves the access of the order it extends with it (each time the
  // event comes: the end it moves to is decided from both orders as they stand).
  if (result.kind !== 'missing')
    await followPaidExtension(result.kind === 'applied' ? result.after : result.order);
  if (result.kind === 'applied') {
    logger.info('order payment changed', {
      orderId: order.orderId,
      event: event.type,
      status: result.after.status,
      statusReason: result.after.statusReason,
      refundedMinor: result.after.refundedMinor,
    });
  }
}

/** `charge.refunded`: a full or partial refund (the charge carries the running refunded total). */
export async function onChargeRefunded(event: Stripe.Event): Promise<void> {
  const charge = event.data.object as Stripe.Charge;
  const paymentIntentId = idOf(charge.payment_intent);
  await apply(event, paymentIntentId, (order) =>
    decideRefund(
      order,
      { paymentIntentId: paymentIntentId ?? '', amountRefundedMinor: charge.amount_refunded },
      event.id,
      eventTime(event),
    ),
  );
}

/** The payment intent a dispute is about (older disputes name only the charge). */
async function disputedPaymentIntent(client: Stripe, dispute: Stripe.Dispute, account: string) {
  const fromDispute = idOf(dispute.payment_intent);
  if (fromDispute) return fromDispute;
  const charge = await client.charges.retrieve(idOf(dispute.charge) ?? '', {}, { stripeAccount: account });
  return idOf(charge.payment_intent);
}

/**
 * `charge.dispute.created` and `charge.dispute.closed`: the dispute is read as it stands now, since
 * events can arrive out of order, and the order follows it (open, won or lost).
 */
export async function onDisputeEvent(event: Stripe.Event): Promise<void> {
  if (!event.account) return;
  const account = event.account;
  const client = await stripe();
  const reported = event.data.object as Stripe.Dispute;
  const dispute = await client.disputes.retrieve(reported.id, {}, { stripeAccount: account });
  const paymentIntentId = await disputedPaymentIntent(client, dispute, account);
  const state = disputeStateOf(dispute.status);
  await apply(event, paymentIntentId, (order) =>
    decideDispute(
      order,
      { disputeId: dispute.id, paymentIntentId: paymentIntentId ?? '', state },
      event.id,
      eventTime(event),
    ),
  );
}
