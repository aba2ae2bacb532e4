/**
 * How a paid order's state follows its payment, decided without I/O from the order as read and what
 * Stripe reported. Each decision is a change to apply with a compare-and-set on the order's revision
 * (order-transition.ts), or the reason nothing changes, so a late, repeated or concurrent event never
 * moves an order backwards:
 *
 *   PENDING ─completed unpaid─► PROCESSING ─async failed─► PENDING (payable again, PAYMENT_FAILED)
 *   PENDING/PROCESSING ─paid─► FULFILLED ─full refund─► REFUNDED
 *   FULFILLED ─dispute opened─► DISPUTED ─won─► FULFILLED (DISPUTE_WON) │ ─lost─► REFUNDED (DISPUTE_LOST)
 *
 * A partial refund keeps the order FULFILLED (PARTIALLY_REFUNDED): the photos were delivered, and the
 * refund is a goodwill or price adjustment.
 */
import type { OrderStatus } from '#shared/schemas/order';
import {
  becomesSale,
  fulfilmentReminder,
  type OrderChange,
  type OrderRecord,
} from '../domains/orders/order-store';
import { countedSalesMinor, hasCounts, transitionCounts } from '../domains/orders/sales-counters';
import { encodeSalesOp } from './dashboard-sales';

export type Decision = { change: OrderChange } | { unchanged: string };

interface ChangeOptions {
  remove?: OrderChange['remove'];
  /** When the event happened: the sales counters count the change in its UTC month. */
  at?: Date;
}

/**
 * A change, with the dashboard sales change it causes (named after the event, so it is applied once
 * however often the event comes) and the sales counters it moves (written with it, so moved once).
 */
function changeOf(
  order: OrderRecord,
  set: OrderChange['set'],
  opId: string,
  options: ChangeOptions = {},
): Decision {
  const { remove, at } = options;
  const after = { ...order, ...set };
  const delta = countedSalesMinor(after) - countedSalesMinor(order);
  const counts = transitionCounts(order, after);
  // Every change that moves money says when; one that does not and still moves counters is a bug here.
  if (hasCounts(counts) && !at) throw new Error('a change that moves the sales counters needs its time');
  return {
    change: {
      set,
      ...(remove && { remove }),
      ...(delta !== 0 && { salesOp: encodeSalesOp(opId, delta) }),
      ...(hasCounts(counts) && at && { counters: { at: at.toISOString(), counts } }),
    },
  };
}

const AWAITING_PAYMENT: readonly OrderStatus[] = ['PENDING', 'DRAFT', 'PROCESSING'];

export interface PaidSession {
  checkoutSessionId: string;
  paymentIntentId?: string;
  customerEmail?: string;
}

export type PaymentDecision = Decision | { duplicate: string } | { ended: string };

/**
 * A paid Checkout Session: fulfils the order if it is the order's current session and the order still
 * waits for its payment. The same session again changes nothing; any other paid session is a duplicate
 * payment (a second tab, a replaced session, an order paid already), to be refunded; so is a payment of
 * an order that ended unpaid (cancelled by the seller, or its photos deleted) before it arrived.
 */
export function decidePayment(
  order: OrderRecord,
  paid: PaidSession,
  now: Date,
  opId: string,
): PaymentDecision {
  if (order.paidCheckoutSessionId === paid.checkoutSessionId)
    return { unchanged: 'paid by this session already' };
  if (order.status === 'EXPIRED')
    return { ended: `the order ended unpaid (${order.statusReason ?? 'expired'})` };
  if (!AWAITING_PAYMENT.includes(order.status)) return { duplicate: `the order is ${order.status} already` };
  if (order.checkoutSessionId !== paid.checkoutSessionId)
    return { duplicate: 'not the order’s current checkout session' };
  const at = now.toISOString();
  return changeOf(
    order,
    {
      status: 'FULFILLED',
      fulfilledAt: at,
      // The winner of this write sends the confirmation email (functions/domains/orders/order-confirmation.ts).
      confirmationEmailClaimedAt: at,
      paidCheckoutSessionId: paid.checkoutSessionId,
      paymentIntentId: paid.paymentIntentId,
      customerEmail: paid.customerEmail,
      ...fulfilmentReminder(order, now, paid.customerEmail ?? order.customerEmail),
      ...becomesSale(order),
    },
    opId,
    { remove: ['statusReason'], at: now },
  );
}

/** The order's current session completed with a delayed payment on its way (a bank debit). */
export function decideProcessing(order: OrderRecord, checkoutSessionId: string, opId: string): Decision {
  if (order.checkoutSessionId !== checkoutSessionId) return { unchanged: 'not the current session' };
  // A failure already reported for this session (events can arrive out of order) is not undone.
  if (order.checkoutSessionEndedAt) return { unchanged: 'the session has ended' };
  if (order.status !== 'PENDING' && order.status !== 'DRAFT')
    return { unchanged: `the order is ${order.status}` };
  return changeOf(order, { status: 'PROCESSING', statusReason: 'PAYMENT_PROCESSING' }, opId);
}

/**
 * The delayed payment of the order's current session failed: the order is payable again (the next order
 * check makes a fresh session) and the customer is told why.
 */
export function decidePaymentFailed(
  order: OrderRecord,
  checkoutSessionId: string,
  now: Date,
  opId: string,
): Decision {
  if (order.checkoutSessionId !== checkoutSessionId) return { unchanged: 'not the current session' };
  if (order.status !== 'PROCESSING' && order.status !== 'PENDING')
    return { unchanged: `the order is ${order.status}` };
  if (order.checkoutSessionEndedAt) return { unchanged: 'the session has ended already' };
  const at = now.toISOString();
  return changeOf(
    order,
    { status: 'PENDING', statusReason: 'PAYMENT_FAILED', checkoutExpiresAt: at, checkoutSessionEndedAt: at },
    opId,
  );
}

export interface ChargeRefunds {
  paymentIntentId: string;
  /** Stripe's running total of what was refunded on the charge. */
  amountRefundedMinor: number;
}

/**
 * Refunds of the order's payment: the refunded total only grows (a late event reporting less changes
 * nothing). Refunded in full, access ends (REFUNDED); in part, the order stays as it is.
 */
export function decideRefund(order: OrderRecord, refunds: ChargeRefunds, opId: string, at: Date): Decision {
  if (order.paymentIntentId !== refunds.paymentIntentId) return { unchanged: 'not the order’s payment' };
  const before = order.refundedMinor ?? 0;
  if (refunds.amountRefundedMinor <= before) return { unchanged: 'no new refund' };
  const refundedMinor = refunds.amountRefundedMinor;
  if (order.status === 'REFUNDED') return changeOf(order, { refundedMinor }, opId, { at });
  if (refundedMinor >= order.totalMinor)
    return changeOf(order, { refundedMinor, status: 'REFUNDED', statusReason: 'REFUNDED' }, opId, { at });
  // A dispute in progress keeps saying so; otherwise the customer and seller see the partial refund.
  const reason = order.status === 'DISPUTED' ? order.statusReason : 'PARTIALLY_REFUNDED';
  return changeOf(order, { refundedMinor, ...(reason && { statusReason: reason }) }, opId, { at });
}

/** Where a dispute stands, from Stripe's dispute status. */
export type DisputeState = 'open' | 'won' | 'lost';

export function disputeStateOf(status: string): DisputeState {
  if (status === 'lost') return 'lost';
  // An inquiry closed without a chargeback, or a dispute prevented, ends like a won one: the money stays.
  if (status === 'won' || status === 'warning_closed' || status === 'prevented') return 'won';
  return 'open';
}

export interface DisputeReport {
  disputeId: string;
  paymentIntentId: string;
  state: DisputeState;
}

/**
 * A dispute of the order's payment, as it stands now: open suspends access (DISPUTED); won restores it
 * for the rest of its period (FULFILLED, DISPUTE_WON); lost ends it (REFUNDED, DISPUTE_LOST: the money
 * went back to the customer). An outcome, once recorded, is final for that dispute.
 */
export function decideDispute(order: OrderRecord, dispute: DisputeReport, opId: string, at: Date): Decision {
  if (order.paymentIntentId !== dispute.paymentIntentId) return { unchanged: 'not the order’s payment' };
  if (order.disputeId === dispute.disputeId && order.disputeOutcome)
    return { unchanged: `the dispute was ${order.disputeOutcome} already` };
  const disputeId = dispute.disputeId;
  if (dispute.state === 'open') {
    if (order.status !== 'FULFILLED') return { unchanged: `the order is ${order.status}` };
    return changeOf(order, { status: 'DISPUTED', statusReason: 'DISPUTE_OPEN', disputeId }, opId, { at });
  }
  if (order.status !== 'FULFILLED' && order.status !== 'DISPUTED')
    return { unchanged: `the order is ${order.status}` };
  return dispute.state === 'won'
    ? changeOf(
        order,
        { status: 'FULFILLED', statusReason: 'DISPUTE_WON', disputeId, disputeOutcome: 'won' },
        opId,
        { at },
      )
    : changeOf(
        order,
        { status: 'REFUNDED', statusReason: 'DISPUTE_LOST', disputeId, disputeOutcome: 'lost' },
        opId,
        { at },
      );
}
