import { describe, expect, it } from 'vitest';
import { applicationFeeMinor, formatMoney, fromMinorUnits, toMinorUnits } from './money';

describe('money', () => {
  it('converts major to minor units with two decimals, rounding float noise away', () => {
    expect(toMinorUnits(12.5, 'GBP')).toBe(1250);
    expect(toMinorUnits(0.1 + 0.2, 'GBP')).toBe(30);
    expect(toMinorUnits(19.99, 'gbp')).toBe(1999);
  });

  it('keeps zero-decimal currencies whole', () => {
    expect(toMinorUnits(500, 'JPY')).toBe(500);
    expect(fromMinorUnits(500, 'JPY')).toBe(500);
    expect(fromMinorUnits(1250, 'GBP')).toBe(12.5);
  });

  it('takes 5% as the application fee, rounding half up to the minor unit', () => {
    expect(applicationFeeMinor(1000)).toBe(50);
    expect(applicationFeeMinor(1250)).toBe(63); // 62.5 rounds up
    expect(applicationFeeMinor(1249)).toBe(62); // 62.45 rounds down
    expect(applicationFeeMinor(1)).toBe(0);
    expect(applicationFeeMinor(10)).toBe(1); // 0.5 rounds up
    expect(applicationFeeMinor(0)).toBe(0);
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => applicationFeeMinor(12.5)).toThrow(RangeError);
    expect(() => applicationFeeMinor(-1)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('writes pounds as people read them: two decimals, the symbol, thousands grouped', () => {
    expect(formatMoney(4.5, 'GBP')).toBe('£4.50');
    expect(formatMoney(0.3, 'GBP')).toBe('£0.30');
    expect(formatMoney(1250, 'GBP')).toBe('£1,250.00');
  });
});
