/**
 * What each step of an order moves on the sales counters, decided without I/O. The counters
 * (repositories/sales-counters.ts) are kept per seller, per gallery and per public gallery, by month and
 * currency, and each move is written in the same transaction as the order's own once-only change
 * (its creation, its conditional lifecycle change, its payment record), so it is counted exactly once
 * whatever the retries, redeliveries and races.
 */
import { wasPaid } from '#shared/rules/order-status';
import { SALES_FIGURE_FIELDS, type SalesCounts } from '#shared/rules/sales-figures';
import type { OrderStatus } from '#shared/schemas/order';
import type { OrderRecord, PaymentRecord } from './order-store';

/** A change of the counters: what it adds, and the instant whose UTC month it is counted in. */
export interface CounterMove {
  at: string;
  counts: SalesCounts;
}

/** What the counters need to know of an order: where it counts, and in which currency. */
export type CountedOrder = Pick<OrderRecord, 'orderId' | 'sellerId' | 'galleryId' | 'publicId' | 'currency'>;

/** The order's money state, as a lifecycle change moves it. */
export type OrderMoneyState = Pick<
  OrderRecord,
  'status' | 'totalMinor' | 'refundedMinor' | 'disputeId' | 'disputeOutcome'
>;

/** The counters an order counts in: its seller's, its gallery's, and its public gallery's if made there. */
export const counterScopes = (order: Pick<OrderRecord, 'sellerId' | 'galleryId' | 'publicId'>): string[] => [
  sellerScope(order.sellerId),
  galleryScope(order.galleryId),
  ...(order.publicId ? [publicGalleryScope(order.publicId)] : []),
];

export const sellerScope = (sellerId: string): string => `seller#${sellerId}`;
/** The seller's ranking of galleries and public galleries (all time, per currency). */
export const rankingScope = (sellerId: string): string => `ranking#${sellerId}`;

/** The order's items in its seller's ranking: its gallery's, and its public gallery's if made there. */
export const rankedPeriods = (order: Pick<OrderRecord, 'galleryId' | 'publicId' | 'currency'>): string[] => [
  `gallery#${order.galleryId}#${order.currency}`,
  ...(order.publicId ? [`public#${order.publicId}#${order.currency}`] : []),
];
export const galleryScope = (galleryId: string): string => `gallery#${galleryId}`;
export const publicGalleryScope = (publicId: string): string => `public#${publicId}`;

/** What the seller's dashboard counts for an order: what the customer paid and kept paid. */
export function countedSalesMinor(
  order: Pick<OrderRecord, 'status' | 'totalMinor' | 'refundedMinor'>,
): number {
  if (order.status !== 'FULFILLED' && order.status !== 'DISPUTED') return 0;
  return Math.max(0, order.totalMinor - (order.refundedMinor ?? 0));
}

/** The fields a move really changes (a zero adds nothing, and is not written). */
export const nonZeroCounts = (counts: SalesCounts): SalesCounts =>
  Object.fromEntries(SALES_FIGURE_FIELDS.flatMap((field) => (counts[field] ? [[field, counts[field]]] : [])));

export const hasCounts = (counts: SalesCounts): boolean => Object.keys(nonZeroCounts(counts)).length > 0;

const AWAITING_PAYMENT: readonly OrderStatus[] = ['PENDING', 'DRAFT', 'PROCESSING'];

/** A dispute seen for the first time, and its outcome once decided: both may come in one change. */
function disputeCounts(before: OrderMoneyState, after: OrderMoneyState): SalesCounts {
  if (!after.disputeId) return {};
  // The sales the dispute is about: what the order counted before this change.
  const held = countedSalesMinor(before);
  const opened = before.disputeId !== after.disputeId;
  const decided = after.disputeOutcome !== undefined && (opened || before.disputeOutcome === undefined);
  return {
    ...(opened && { disputesOpened: 1, disputedMinor: held }),
    ...(decided && after.disputeOutcome === 'won' && { disputesWon: 1, disputeWonMinor: held }),
    ...(decided && after.disputeOutcome === 'lost' && { disputesLost: 1, disputeLostMinor: held }),
  };
}

/**
 * What a lifecycle change of a paid order (or one being paid) moves, from its state before and after:
 * a payment, the growth of the refunded total, a dispute opened and decided.
 */
export function transitionCounts(before: OrderMoneyState, after: OrderMoneyState): SalesCounts {
  const paid = AWAITING_PAYMENT.includes(before.status) && wasPaid(after.status);
  const refunded = (after.refundedMinor ?? 0) - (before.refundedMinor ?? 0);
  return nonZeroCounts({
    ...(paid && { ordersPaid: 1, grossMinor: after.totalMinor }),
    ...(refunded > 0 && { refundedMinor: refunded }),
    ...disputeCounts(before, after),
  });
}

/** An order created, counted in the month of its creation. */
export const placedMove = (order: Pick<OrderRecord, 'createdAt'>): CounterMove => ({
  at: order.createdAt,
  counts: { ordersPlaced: 1 },
});

/** A free order completed: paid, for nothing, at `at`. */
export const freeCompletionMove = (order: Pick<OrderRecord, 'totalMinor'>, at: Date): CounterMove => ({
  at: at.toISOString(),
  counts: nonZeroCounts({ ordersPaid: 1, grossMinor: order.totalMinor }),
});

/**
 * The fees of a payment, from its balance transaction: counted in the month the payment fulfilled the
 * order, beside its gross (recorded a moment after fulfilment, possibly in the next month).
 */
export const paymentFeesMove = (
  order: Pick<OrderRecord, 'fulfilledAt' | 'createdAt'>,
  payment: Pick<PaymentRecord, 'applicationFeeMinor' | 'stripeFeeMinor'>,
): CounterMove => ({
  at: order.fulfilledAt ?? order.createdAt,
  counts: nonZeroCounts({
    platformFeeMinor: payment.applicationFeeMinor,
    stripeFeeMinor: payment.stripeFeeMinor,
  }),
});

/** An unpaid order cancelled (or ended unpaid) at `at`. */
export const cancelledMove = (at: Date): CounterMove => ({
  at: at.toISOString(),
  counts: { ordersCancelled: 1 },
});
