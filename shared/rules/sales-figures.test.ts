import { describe, expect, it } from 'vitest';
import { addFigures, emptyFigures, keptSalesMinor, netEarningsMinor, salesMonth } from './sales-figures';

describe('salesMonth', () => {
  it('names the calendar month in UTC, whatever the time zone of the instant written', () => {
    expect(salesMonth('2026-05-31T23:59:59.999Z')).toBe('2026-05');
    expect(salesMonth('2026-06-01T00:30:00+01:00')).toBe('2026-05');
    expect(salesMonth(new Date(Date.UTC(2026, 11, 31, 23, 0)))).toBe('2026-12');
  });

  it('refuses what is not a time', () => {
    expect(() => salesMonth('soon')).toThrow(RangeError);
  });
});

describe('figures', () => {
  const month = addFigures(emptyFigures(), {
    ordersPaid: 3,
    grossMinor: 6000,
    platformFeeMinor: 300,
    stripeFeeMinor: 210,
    refundedMinor: 500,
    disputedMinor: 2000,
    disputeWonMinor: 2000,
    disputeLostMinor: 0,
  });

  it('adds field by field', () => {
    expect(addFigures(month, { ordersPaid: 1, grossMinor: 100 })).toMatchObject({
      ordersPaid: 4,
      grossMinor: 6100,
    });
  });

  it('keeps what customers paid and kept paid: refunds and lost disputes off, open ones still in', () => {
    expect(keptSalesMinor(month)).toBe(5500);
    expect(keptSalesMinor(addFigures(month, { disputeLostMinor: 1000 }))).toBe(4500);
  });

  it('nets what reached the seller’s balance: fees, refunds and disputes off, won disputes back', () => {
    expect(netEarningsMinor(month)).toBe(6000 - 300 - 210 - 500 - 2000 + 2000);
  });
});
