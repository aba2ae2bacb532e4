import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../schemas/order';
import { effectiveStatus, isCheckoutOpen, orderExpiry, wasPaid } from './order-status';

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

describe('configurable availability', () => {
  const created = new Date('2026-01-01T00:00:00Z');

  it('takes the number of days an order is available', () => {
    expect(orderExpiry(created, 7).toISOString()).toBe('2026-01-08T00:00:00.000Z');
  });

  it('can be checked out only while pending or draft and not past its expiry', () => {
    const expiresAt = orderExpiry(created).toISOString();
    const before = new Date('2026-01-30T00:00:00Z');
    expect(isCheckoutOpen({ status: 'PENDING', expiresAt }, before)).toBe(true);
    expect(isCheckoutOpen({ status: 'DRAFT', expiresAt }, before)).toBe(true);
    expect(isCheckoutOpen({ status: 'FULFILLED', expiresAt }, before)).toBe(false);
    expect(isCheckoutOpen({ status: 'EXPIRED', expiresAt }, before)).toBe(false);
    expect(isCheckoutOpen({ status: 'PENDING', expiresAt }, new Date('2026-01-31T00:00:00Z'))).toBe(false);
  });
});

describe('orders whose money moved', () => {
  const expiresAt = '2026-01-31T00:00:00.000Z';
  const afterExpiry = new Date('2026-03-01T00:00:00Z');

  it('keep their status past the order’s expiry: a delayed payment still pays, a refund is still a refund', () => {
    for (const status of ['PROCESSING', 'FULFILLED', 'DISPUTED', 'REFUNDED'] as const) {
      expect(effectiveStatus({ status, expiresAt }, afterExpiry)).toBe(status);
      expect(isCheckoutOpen({ status, expiresAt }, new Date('2026-01-02T00:00:00Z'))).toBe(false);
    }
  });

  it('count as paid once fulfilled, whatever happened to the payment since', () => {
    const paid: OrderStatus[] = ['FULFILLED', 'DISPUTED', 'REFUNDED'];
    const unpaid: OrderStatus[] = ['DRAFT', 'PENDING', 'PROCESSING', 'EXPIRED'];
    expect(paid.every(wasPaid)).toBe(true);
    expect(unpaid.some(wasPaid)).toBe(false);
  });
});
