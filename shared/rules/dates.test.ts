import { describe, expect, it } from 'vitest';
import { formatDate, toDate } from './dates';

const UTC = 'UTC';

describe('formatDate', () => {
  it("shows 'N/A' for empty values", () => {
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    expect(formatDate('   ')).toBe('N/A');
  });

  it("shows 'Invalid Date' for what does not parse", () => {
    expect(formatDate('not a date')).toBe('Invalid Date');
    expect(formatDate(Number.NaN)).toBe('Invalid Date');
  });

  it('reads numbers below 10 billion as seconds and others as milliseconds', () => {
    expect(formatDate(1_700_000_000, 'short', UTC)).toBe('Nov 14, 2023');
    expect(formatDate(1_700_000_000_000, 'short', UTC)).toBe('Nov 14, 2023');
    expect(toDate(9_999_999_999)!.getTime()).toBe(9_999_999_999_000);
    expect(toDate(10_000_000_000)!.getTime()).toBe(10_000_000_000);
    expect(formatDate('1700000000', 'short', UTC)).toBe('Nov 14, 2023');
  });

  it('formats ISO strings in en-US: short, long, full with time, time only', () => {
    const iso = '2026-03-05T14:07:00Z';
    expect(formatDate(iso, 'short', UTC)).toBe('Mar 5, 2026');
    expect(formatDate(iso, 'long', UTC)).toBe('March 5, 2026');
    expect(formatDate(iso, 'full', UTC)).toBe('March 5, 2026 at 2:07 PM');
    expect(formatDate(iso, 'time', UTC)).toBe('2:07 PM');
  });
});
