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
