/**
 * The dashboard's earnings over time, decided without I/O from the sales counters: twelve month rows per
 * currency (every month present, oldest first) and the best-selling galleries and public galleries.
 * The figures are the counters' own, so they agree with the orders list to the penny
 * (test/integration/sales-over-time.test.ts).
 */
import {
  addFigures,
  emptyFigures,
  keptSalesMinor,
  netEarningsMinor,
  type SalesFigures,
} from '#shared/rules/sales-figures';
import type { BestSeller, SalesMonth } from '#shared/schemas/sales';
import type { CounterMonth, RankedItem } from './sales-counter-store';

/** Months on the dashboard's chart. */
export const SUMMARY_MONTHS = 12;
/** Galleries (and public galleries) listed as best sellers. */
export const BEST_SELLERS = 5;

/** The `count` calendar months (UTC) ending with `now`'s, oldest first, as `YYYY-MM`. */
export function lastMonths(now: Date, count = SUMMARY_MONTHS): string[] {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(year, month - (count - 1 - i), 1)).toISOString().slice(0, 7),
  );
}

export function monthRow(month: string, figures: SalesFigures): SalesMonth {
  const orders = figures.ordersPaid;
  return {
    month,
    grossMinor: figures.grossMinor,
    platformFeeMinor: figures.platformFeeMinor,
    stripeFeeMinor: figures.stripeFeeMinor,
    refundedMinor: figures.refundedMinor,
    disputedMinor: figures.disputedMinor - figures.disputeWonMinor,
    netMinor: netEarningsMinor(figures),
    orders,
    averageOrderMinor: orders > 0 ? Math.round(figures.grossMinor / orders) : 0,
  };
}

/** One currency's rows for `months`: a month the counters do not hold reads as zeros. */
export function monthRows(counted: readonly CounterMonth[], currency: string, months: readonly string[]) {
  const byMonth = new Map<string, SalesFigures>();
  for (const item of counted)
    if (item.currency === currency)
      byMonth.set(item.month, addFigures(byMonth.get(item.month) ?? emptyFigures(), item.figures));
  return months.map((month) => monthRow(month, byMonth.get(month) ?? emptyFigures()));
}

/** The currencies sold in, the largest gross first (the months' and the all-time ranking's). */
export function currenciesOf(counted: readonly CounterMonth[], ranking: readonly RankedItem[]): string[] {
  const gross = new Map<string, number>();
  for (const { currency, figures } of [...counted, ...ranking])
    gross.set(currency, (gross.get(currency) ?? 0) + figures.grossMinor);
  return [...gross].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([currency]) => currency);
}

/** The best sellers of one kind in one currency: paid orders only, most kept sales first. */
export function bestSellers(
  ranking: readonly RankedItem[],
  kind: RankedItem['kind'],
  currency: string,
): Omit<BestSeller, 'name'>[] {
  return ranking
    .filter((item) => item.kind === kind && item.currency === currency && item.figures.ordersPaid > 0)
    .map((item) => ({
      id: item.id,
      salesMinor: keptSalesMinor(item.figures),
      orders: item.figures.ordersPaid,
    }))
    .sort((a, b) => b.salesMinor - a.salesMinor || b.orders - a.orders || a.id.localeCompare(b.id))
    .slice(0, BEST_SELLERS);
}
