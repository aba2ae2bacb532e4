import { describe, expect, it } from 'vitest';
import { formatMinorUnits, formatOrderTotal } from './format';

describe('formatOrderTotal', () => {
  it.each([
    [12.5, 'GBP', '£12.50'],
    [0, 'GBP', '£0.00'],
    [1234.567, 'GBP', '£1,234.57'],
    [9.99, 'EUR', '€9.99'],
    [10, 'USD', 'US$10.00'],
    [500, 'JPY', 'JP¥500.00'],
  ])('%d %s -> %s', (total, currency, expected) => {
    expect(formatOrderTotal(total, currency)).toBe(expected);
  });
});

describe('formatMinorUnits', () => {
  it('shows minor units as money', () => {
    expect(formatMinorUnits(450, 'GBP')).toBe('£4.50');
    expect(formatMinorUnits(0, 'GBP')).toBe('£0.00');
  });
});
