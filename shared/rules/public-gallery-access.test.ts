import { describe, expect, it } from 'vitest';
import { closesAt, faceDataExpiry, isClosed, isOpenToCustomers } from './public-gallery-access';

describe('public gallery access', () => {
  it('closes when the end date has ended in UTC, not before', () => {
    expect(closesAt('2026-06-30').toISOString()).toBe('2026-07-01T00:00:00.000Z');
    expect(isClosed({ published: true, endDate: '2026-06-30' }, new Date('2026-06-30T23:59:59Z'))).toBe(
      false,
    );
    expect(isClosed({ published: true, endDate: '2026-06-30' }, new Date('2026-07-01T00:00:00Z'))).toBe(true);
  });

  it('is open only when published and not closed', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(isOpenToCustomers({ published: true }, now)).toBe(true);
    expect(isOpenToCustomers({ published: false }, now)).toBe(false);
    expect(isOpenToCustomers({ published: true, endDate: '2026-05-31' }, now)).toBe(false);
  });

  it('expires face data when the gallery closes, or never without an end date', () => {
    expect(faceDataExpiry('2026-06-30')).toBe(Date.parse('2026-07-01T00:00:00Z') / 1000);
    expect(faceDataExpiry(undefined)).toBeUndefined();
  });
});
