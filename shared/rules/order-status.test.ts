import { describe, expect, it } from 'vitest';
import { effectiveStatus, orderExpiry } from './order-status';

describe('order status', () => {
  const created = new Date('2026-01-01T00:00:00Z');
  const expiresAt = orderExpiry(created).toISOString();

  it('expires 30 days after creation', () => {
    expect(expiresAt).toBe('2026-01-31T00:00:00.000Z');
  });

  it('shows a pending order as expired once the expiry has passed', () => {
    expect(effectiveStatus({ status: 'PENDING', expiresAt }, new Date('2026-01-30T23:59:59Z'))).toBe(
      'PENDING',
    );
    expect(effectiveStatus({ status: 'PENDING', expiresAt }, new Date('2026-01-31T00:00:00Z'))).toBe(
      'EXPIRED',
    );
    expect(effectiveStatus({ status: 'DRAFT', expiresAt }, new Date('2026-02-02T00:00:00Z'))).toBe('EXPIRED');
  });

  it('never turns a fulfilled order into an expired one', () => {
    expect(effectiveStatus({ status: 'FULFILLED', expiresAt }, new Date('2027-01-01T00:00:00Z'))).toBe(
      'FULFILLED',
    );
  });
});
