import { describe, expect, it } from 'vitest';
import type { OrderRecord } from './order-store';
import { CUSTOMER_PICK, SALES_EXPORT_COLUMNS, asText, salesExportRow } from './sales-export-rows';

const paid = {
  orderId: 'order-1',
  sellerId: 's1',
  galleryId: 'g1',
  currency: 'GBP',
  totalMinor: 2250,
  refundedMinor: 750,
  createdAt: '2026-03-31T23:59:00.000Z',
  payment: {
    chargeId: 'ch_1',
    balanceTransactionId: 'txn_1',
    amountMinor: 2250,
    stripeFeeMinor: 54,
    applicationFeeMinor: 113,
    netMinor: 2083,
    availableOn: '2026-04-28T00:00:00.000Z',
  },
} as OrderRecord;

describe('a sales export row', () => {
  it('gives every column, amounts as plain decimals, dates as days', () => {
    const row = salesExportRow(paid, { gallery: 'Race day', creator: 'Max' });
    expect(row).toHaveLength(SALES_EXPORT_COLUMNS.length);
    expect(Object.fromEntries(SALES_EXPORT_COLUMNS.map((column, i) => [column, row[i]]))).toEqual({
      Order: 'order-1',
      'Order date': '2026-03-31',
      Gallery: 'Race day',
      Currency: 'GBP',
      Gross: '22.50',
      'Our fee': '1.13',
      'Stripe fee': '0.54',
      Refunds: '7.50',
      Net: '13.33',
      'Payout date': '2026-04-28',
      'Created by': 'Max',
    });
  });

  it('writes a free order as zeros, a zero-decimal currency without decimals, and names a customer’s pick', () => {
    const free = { ...paid, totalMinor: 0, refundedMinor: undefined, payment: undefined };
    expect(salesExportRow(free, { gallery: 'g', creator: 'Owner' }).slice(4, 10)).toEqual([
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '',
    ]);
    const yen = {
      ...paid,
      currency: 'JPY',
      payment: { ...paid.payment!, amountMinor: 3000 },
      refundedMinor: 0,
    };
    expect(salesExportRow(yen, { gallery: 'g', creator: 'x' })[4]).toBe('3000');
    const pick = { ...paid, publicId: 'pub1' } as OrderRecord;
    expect(salesExportRow(pick, { gallery: 'g', creator: 'Owner' }).at(-1)).toBe(CUSTOMER_PICK);
  });

  it('keeps a name a spreadsheet would run as a formula as text', () => {
    expect(asText('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(asText('-1+2')).toBe(`'-1+2`);
    expect(asText('Race day')).toBe('Race day');
    expect(salesExportRow(paid, { gallery: '@sum', creator: 'Max' })[2]).toBe(`'@sum`);
  });
});
