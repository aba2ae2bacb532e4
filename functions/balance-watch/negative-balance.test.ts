import { describe, expect, it } from 'vitest';
import { lossesBorneBy, negativeBalances } from './negative-balance';

const amounts = (...entries: [number, string][]) =>
  entries.map(([amount, currency]) => ({ amount, currency, source_types: { card: amount } }));

describe('negativeBalances', () => {
  it('counts a currency whose available and pending together are below zero', () => {
    // A £25.00 sale refunded in full: the refund's -2500 against the sale's 2317 after fees.
    expect(negativeBalances({ available: amounts([-2500, 'gbp']), pending: amounts([2317, 'gbp']) })).toEqual(
      [{ currency: 'gbp', totalMinor: -183, availableMinor: -2500, pendingMinor: 2317 }],
    );
  });

  it('leaves out a negative available part that pending funds cover, and a zero balance', () => {
    expect(negativeBalances({ available: amounts([-500, 'gbp']), pending: amounts([500, 'gbp']) })).toEqual(
      [],
    );
    expect(negativeBalances({ available: amounts([0, 'gbp']), pending: [] })).toEqual([]);
  });

  it('judges each currency on its own, adding entries of the same currency', () => {
    const balance = {
      available: amounts([1000, 'gbp'], [-300, 'eur']),
      pending: amounts([-400, 'gbp'], [-200, 'gbp'], [100, 'eur'], [-1, 'usd']),
    };
    expect(negativeBalances(balance).map((entry) => [entry.currency, entry.totalMinor])).toEqual([
      ['eur', -200],
      ['usd', -1],
    ]);
  });
});

describe('lossesBorneBy', () => {
  it('is Stripe only when the account says so; an account without a controller is ours', () => {
    expect(lossesBorneBy({ controller: { type: 'application', losses: { payments: 'stripe' } } })).toBe(
      'stripe',
    );
    expect(lossesBorneBy({ controller: { type: 'application', losses: { payments: 'application' } } })).toBe(
      'platform',
    );
    expect(lossesBorneBy({})).toBe('platform');
  });
});
