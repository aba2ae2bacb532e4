/**
 * The seller's sales over time (GET /sales, the dashboard's earnings): twelve months of figures per
 * currency, from the sales counters (shared/rules/sales-figures.ts), and the best-selling galleries.
 * Money in minor units of its currency, so the figures add up to the penny with the orders list.
 */
import * as z from 'zod/mini';
import { SALES_EXPORT_RANGE_TEXT } from '../texts/sales-texts';

export const SalesMonth = z.object({
  /** `YYYY-MM`, the calendar month in UTC. */
  month: z.string(),
  /** What customers paid, in the month of payment. */
  grossMinor: z.number(),
  /** Our commission and Stripe's processing fee on those payments. */
  platformFeeMinor: z.number(),
  stripeFeeMinor: z.number(),
  /** Refunded in the month, and what disputes took (less what won disputes gave back). */
  refundedMinor: z.number(),
  disputedMinor: z.number(),
  /** What the month left on the seller's Stripe balance (netEarningsMinor). */
  netMinor: z.number(),
  /** Orders paid (or completed free) in the month. */
  orders: z.number(),
  /** Gross per paid order, rounded to the minor unit; 0 without orders. */
  averageOrderMinor: z.number(),
});
export type SalesMonth = z.infer<typeof SalesMonth>;

export const BestSeller = z.object({
  id: z.string(),
  /** The gallery's name, or the public gallery's title (empty when it has since been deleted). */
  name: z.string(),
  /** What customers paid and kept paid (gross less refunds and lost disputes), all time. */
  salesMinor: z.number(),
  orders: z.number(),
});
export type BestSeller = z.infer<typeof BestSeller>;

export const CurrencySales = z.object({
  currency: z.string(),
  /** The last twelve months, oldest first, every month present (zeros where nothing sold). */
  months: z.array(SalesMonth),
  galleries: z.array(BestSeller),
  publicGalleries: z.array(BestSeller),
});
export type CurrencySales = z.infer<typeof CurrencySales>;

export const SalesSummary = z.object({
  /** One entry per currency the seller has sold in, the largest first; empty before any sale. */
  currencies: z.array(CurrencySales),
});
export type SalesSummary = z.infer<typeof SalesSummary>;

/** A calendar day, `YYYY-MM-DD` (UTC), that exists. */
const Day = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be written YYYY-MM-DD'),
  z.refine((day) => {
    const time = new Date(`${day}T00:00:00Z`).getTime();
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
  }, 'Not a date'),
);

/** A CSV of the sales made (ordered) from `from` to `to`, both days included, in UTC. */
export const SalesExportBody = z
  .object({ from: Day, to: Day })
  .check(z.refine(({ from, to }) => from <= to, { message: SALES_EXPORT_RANGE_TEXT, path: ['to'] }));

export const SalesExport = z.object({
  /** The CSV file, signed for a few minutes (it is deleted a day later). */
  url: z.string(),
  /** Sales in the file. */
  orders: z.number(),
});
export type SalesExport = z.infer<typeof SalesExport>;
