import { fromMinorUnits } from '#shared/rules/money';

/**
 * Money as the order summary shows it: the order's currency and always two decimals (public document,
 * section 2). British English formatting, the product's home market, so totals look the same everywhere.
 */
export function formatOrderTotal(total: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(total);
}

/** An amount in integer minor units (1250) as money ('£12.50'): the public galleries' prices. */
export function formatMinorUnits(minor: number, currency: string): string {
  return formatOrderTotal(fromMinorUnits(minor, currency), currency);
}
