/**
 * A sales export's rows, decided without I/O: one row per sale with the columns an accountant expects,
 * amounts as plain decimals in the order's currency (no symbol, so a spreadsheet sums them), dates as
 * `YYYY-MM-DD`. Text a seller typed (a gallery's or member's name) that a spreadsheet would read as a
 * formula is written as text.
 */
import { fromMinorUnits, minorUnitDigits } from '#shared/rules/money';
import type { OrderRecord } from './order-store';

export const SALES_EXPORT_COLUMNS = [
  'Order',
  'Order date',
  'Gallery',
  'Currency',
  'Gross',
  'Our fee',
  'Stripe fee',
  'Refunds',
  'Net',
  'Payout date',
  'Created by',
] as const;

/** Who made the order, as the export names them. */
export const CUSTOMER_PICK = 'Customer (public gallery)';

/** Spreadsheets run a cell starting with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
export const asText = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

const day = (iso: string | undefined): string => iso?.slice(0, 10) ?? '';

export interface RowNames {
  gallery: string;
  /** The member who created it (the owner for orders from before teams). */
  creator: string;
}

export function salesExportRow(order: OrderRecord, names: RowNames): string[] {
  const amount = (minor: number) =>
    fromMinorUnits(minor, order.currency).toFixed(minorUnitDigits(order.currency));
  const payment = order.payment;
  const refunded = order.refundedMinor ?? 0;
  return [
    order.orderId,
    day(order.createdAt),
    asText(names.gallery),
    order.currency,
    amount(payment?.amountMinor ?? order.totalMinor),
    amount(payment?.applicationFeeMinor ?? 0),
    amount(payment?.stripeFeeMinor ?? 0),
    amount(refunded),
    // What the sale left the seller: the payment less Stripe's fees, less what was refunded.
    amount((payment?.netMinor ?? 0) - refunded),
    day(payment?.availableOn),
    asText(order.publicId && !order.createdBy ? CUSTOMER_PICK : names.creator),
  ];
}
