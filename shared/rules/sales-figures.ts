/**
 * A seller's sales figures as the counters keep them (functions/domains/orders/sales-counters.ts): per seller, per
 * gallery and per public gallery, per calendar month in UTC and per currency, each field only ever
 * added to, as orders are placed, paid, refunded, disputed or cancelled. Money in minor units of the
 * currency the figures are in. Pure, so the seller's views (the public gallery's sales, earnings by
 * month) read them the same way.
 */

/** Every counted field, in the order a view lists them. */
export const SALES_FIGURE_FIELDS = [
  /** Orders created (by the seller, or by a customer's pick in a public gallery). */
  'ordersPlaced',
  /** Orders paid, or completed free: counted in the month they were paid. */
  'ordersPaid',
  /** Unpaid orders the seller cancelled, or that were ended unpaid. */
  'ordersCancelled',
  /** What customers paid (the orders' totals), in the month of payment. */
  'grossMinor',
  /** Our 5% (Stripe's application fee) and Stripe's processing fee, as the payment's balance transaction says. */
  'platformFeeMinor',
  'stripeFeeMinor',
  /** Refunded to customers, in the month of each refund. */
  'refundedMinor',
  /** Disputes opened by customers' banks, and the sales they held (the order's amount not refunded). */
  'disputesOpened',
  'disputedMinor',
  /** Disputes decided for the seller (the money came back), and against (it stayed with the customer). */
  'disputesWon',
  'disputeWonMinor',
  'disputesLost',
  'disputeLostMinor',
] as const;

export type SalesFigureField = (typeof SALES_FIGURE_FIELDS)[number];
export type SalesFigures = Record<SalesFigureField, number>;
/** A change of the figures: the fields it adds to (never a negative amount). */
export type SalesCounts = Partial<SalesFigures>;

export const emptyFigures = (): SalesFigures =>
  Object.fromEntries(SALES_FIGURE_FIELDS.map((field) => [field, 0])) as SalesFigures;

/** The calendar month (UTC) an instant falls in, as the counters name it: `YYYY-MM`. */
export function salesMonth(at: Date | string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a time: ${String(at)}`);
  return date.toISOString().slice(0, 7);
}

/** Adds figures field by field (a missing field counts as 0). */
export function addFigures(total: SalesFigures, more: SalesCounts): SalesFigures {
  const sum = { ...total };
  for (const field of SALES_FIGURE_FIELDS) sum[field] += more[field] ?? 0;
  return sum;
}

/**
 * What customers paid and kept paid: the gross less refunds and lost disputes (a dispute still open
 * counts until it is lost), as the seller's dashboard counts its total sales.
 */
export const keptSalesMinor = (figures: SalesFigures): number =>
  figures.grossMinor - figures.refundedMinor - figures.disputeLostMinor;

/**
 * What the month's movements left on the seller's Stripe balance: the gross less both fees and refunds,
 * less what open disputes took, plus what won disputes gave back (Stripe's own dispute fees aside).
 */
export const netEarningsMinor = (figures: SalesFigures): number =>
  figures.grossMinor -
  figures.platformFeeMinor -
  figures.stripeFeeMinor -
  figures.refundedMinor -
  figures.disputedMinor +
  figures.disputeWonMinor;
