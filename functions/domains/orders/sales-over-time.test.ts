import { describe, expect, it } from 'vitest';
import { emptyFigures, type SalesCounts } from '#shared/rules/sales-figures';
import type { CounterMonth, RankedItem } from './sales-counter-store';
import { BEST_SELLERS, bestSellers, currenciesOf, lastMonths, monthRow, monthRows } from './sales-over-time';

const figures = (counts: SalesCounts) => ({ ...emptyFigures(), ...counts });
const month = (month: string, currency: string, counts: SalesCounts): CounterMonth => ({
  month,
  currency,
  figures: figures(counts),
});
const ranked = (kind: RankedItem['kind'], id: string, counts: SalesCounts, currency = 'GBP'): RankedItem => ({
  kind,
  id,
  currency,
  figures: figures(counts),
});

describe('earnings over time', () => {
  it('covers the twelve months up to this one, across a new year, in UTC', () => {
    const months = lastMonths(new Date('2026-02-01T00:30:00+02:00'));
    expect(months).toHaveLength(12);
    expect([months[0], months[10], months[11]]).toEqual(['2025-02', '2025-12', '2026-01']);
  });

  it('gives a month its net and average order from the counters', () => {
    const row = monthRow(
      '2026-03',
      figures({
        ordersPaid: 3,
        grossMinor: 1000,
        platformFeeMinor: 50,
        stripeFeeMinor: 45,
        refundedMinor: 200,
        disputedMinor: 300,
        disputeWonMinor: 300,
      }),
    );
    expect(row).toEqual({
      month: '2026-03',
      grossMinor: 1000,
      platformFeeMinor: 50,
      stripeFeeMinor: 45,
      refundedMinor: 200,
      disputedMinor: 0,
      netMinor: 705,
      orders: 3,
      averageOrderMinor: 333,
    });
    expect(monthRow('2026-04', emptyFigures()).averageOrderMinor).toBe(0);
  });

  it('lists every month of one currency, zeros where nothing sold', () => {
    const counted = [
      month('2026-01', 'GBP', { grossMinor: 500, ordersPaid: 1 }),
      month('2026-01', 'EUR', { grossMinor: 900 }),
    ];
    const rows = monthRows(counted, 'GBP', ['2025-12', '2026-01']);
    expect(rows.map((row) => [row.month, row.grossMinor, row.orders])).toEqual([
      ['2025-12', 0, 0],
      ['2026-01', 500, 1],
    ]);
  });

  it('orders the currencies by what sold in them', () => {
    const counted = [
      month('2026-01', 'GBP', { grossMinor: 500 }),
      month('2026-01', 'EUR', { grossMinor: 400 }),
    ];
    expect(currenciesOf(counted, [ranked('gallery', 'g1', { grossMinor: 200 }, 'EUR')])).toEqual([
      'EUR',
      'GBP',
    ]);
    expect(currenciesOf([], [])).toEqual([]);
  });

  it('ranks the paid galleries of one kind and currency by what they kept, five at most', () => {
    const ranking = [
      ...Array.from({ length: 7 }, (_, i) =>
        ranked('gallery', `g${i}`, { ordersPaid: 1, grossMinor: 100 * i }),
      ),
      ranked('gallery', 'refunded', { ordersPaid: 2, grossMinor: 5000, refundedMinor: 5000 }),
      ranked('gallery', 'unpaid', { ordersPlaced: 4 }),
      ranked('gallery', 'euro', { ordersPaid: 1, grossMinor: 9000 }, 'EUR'),
      ranked('public', 'p1', { ordersPaid: 1, grossMinor: 9000 }),
    ];
    const best = bestSellers(ranking, 'gallery', 'GBP');
    expect(best).toHaveLength(BEST_SELLERS);
    expect(best.map((item) => item.id)).toEqual(['g6', 'g5', 'g4', 'g3', 'g2']);
    expect(best[0]).toEqual({ id: 'g6', salesMinor: 600, orders: 1 });
    expect(bestSellers(ranking, 'public', 'GBP')).toEqual([{ id: 'p1', salesMinor: 9000, orders: 1 }]);
  });
});
