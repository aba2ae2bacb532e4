import { describe, expect, it } from 'vitest';
import { photoAccess, photosAvailableUntil } from './photo-availability';

const fulfilledAt = '2026-01-01T12:00:00.000Z';
const order = { status: 'FULFILLED' as const, fulfilledAt, createdAt: '2025-12-20T00:00:00.000Z' };

describe('photo availability', () => {
  it('ends 30 days after fulfilment', () => {
    expect(photosAvailableUntil(order)?.toISOString()).toBe('2026-01-31T12:00:00.000Z');
  });

  it('counts from creation when a fulfilled record has no fulfilment time', () => {
    const { fulfilledAt: _, ...old } = order;
    expect(photosAvailableUntil(old)?.toISOString()).toBe('2026-01-19T00:00:00.000Z');
  });

  it('is available until the last millisecond, then gone', () => {
    expect(photoAccess(order, new Date('2026-01-31T11:59:59.999Z'))).toBe('available');
    expect(photoAccess(order, new Date('2026-01-31T12:00:00.000Z'))).toBe('gone');
  });

  it('is never available for an order that is not fulfilled (a delayed payment still on its way included)', () => {
    for (const status of ['PENDING', 'DRAFT', 'EXPIRED', 'PROCESSING'] as const) {
      expect(photosAvailableUntil({ ...order, status })).toBeUndefined();
      expect(photoAccess({ ...order, status }, new Date(fulfilledAt))).toBe('not-fulfilled');
    }
  });
});

describe('photo availability after payment problems', () => {
  const during = new Date('2026-01-10T00:00:00.000Z');

  it('is suspended while a dispute is open, keeping the period for when it is won', () => {
    const disputed = { ...order, status: 'DISPUTED' as const };
    expect(photoAccess(disputed, during)).toBe('suspended');
    expect(photosAvailableUntil(disputed)?.toISOString()).toBe('2026-01-31T12:00:00.000Z');
    // A dispute outliving the period: the photos are gone either way.
    expect(photoAccess(disputed, new Date('2026-02-01T00:00:00.000Z'))).toBe('gone');
  });

  it('ends for good after a full refund or a lost dispute', () => {
    const refunded = { ...order, status: 'REFUNDED' as const };
    expect(photoAccess(refunded, during)).toBe('refunded');
    expect(photosAvailableUntil(refunded)).toBeUndefined();
  });
});

describe('photo availability extended by the seller', () => {
  it('ends at the extended end, before or after the first 30 days are over', () => {
    const extended = { ...order, accessEndsAt: '2026-03-01T00:00:00.000Z' };
    expect(photosAvailableUntil(extended)?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(photoAccess(extended, new Date('2026-02-15T00:00:00Z'))).toBe('available');
    expect(photoAccess(extended, new Date('2026-03-01T00:00:00Z'))).toBe('gone');
  });

  it('gives nothing back to a refunded order', () => {
    const refunded = { ...order, status: 'REFUNDED' as const, accessEndsAt: '2026-03-01T00:00:00.000Z' };
    expect(photoAccess(refunded, new Date('2026-02-15T00:00:00Z'))).toBe('refunded');
  });
});
