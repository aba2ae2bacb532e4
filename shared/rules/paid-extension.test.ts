import { describe, expect, it } from 'vitest';
import { extensionOffer, followedAccessEnd, mayOfferExtension, purchasedAccessEnd } from './paid-extension';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-06-30T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
const expired = {
  status: 'FULFILLED' as const,
  createdAt: daysAgo(41),
  fulfilledAt: daysAgo(40),
  extensionPriceMinor: 500,
};

describe('paid extension rules', () => {
  it('offers the price once a completed order’s access has ended', () => {
    expect(extensionOffer(expired, now)).toEqual({ priceMinor: 500 });
  });

  it('offers nothing while access lasts, without a price, or on an order that is not completed', () => {
    expect(extensionOffer({ ...expired, fulfilledAt: daysAgo(10) }, now)).toBeUndefined();
    expect(extensionOffer({ ...expired, extensionPriceMinor: undefined }, now)).toBeUndefined();
    expect(extensionOffer({ ...expired, status: 'REFUNDED' }, now)).toBeUndefined();
    expect(extensionOffer({ ...expired, status: 'DISPUTED' }, now)).toBeUndefined();
  });

  it('never offers an extension of an extension', () => {
    expect(mayOfferExtension({ ...expired, extendsOrderId: 'o1' })).toBe(false);
    expect(extensionOffer({ ...expired, extendsOrderId: 'o1' }, now)).toBeUndefined();
    expect(mayOfferExtension(expired)).toBe(true);
  });

  it('moves the extended order’s end to the extension’s, never back', () => {
    const paidNow = { status: 'FULFILLED' as const, createdAt: daysAgo(0), fulfilledAt: now.toISOString() };
    expect(purchasedAccessEnd(expired, paidNow)).toEqual(new Date(now.getTime() + 30 * DAY));
    const extendedAlready = { ...expired, accessEndsAt: new Date(now.getTime() + 30 * DAY).toISOString() };
    expect(purchasedAccessEnd(extendedAlready, paidNow)).toBeUndefined();
    expect(purchasedAccessEnd({ ...expired, status: 'REFUNDED' }, paidNow)).toBeUndefined();
    expect(purchasedAccessEnd(expired, { ...paidNow, status: 'PENDING' })).toBeUndefined();
  });

  it('takes the days back when the extension is refunded or disputed, and gives them again when won', () => {
    const paid = { status: 'FULFILLED' as const, createdAt: daysAgo(2), fulfilledAt: daysAgo(1) };
    const end = purchasedAccessEnd(expired, paid)!;
    const extended = { ...expired, accessEndsAt: end.toISOString() };
    expect(followedAccessEnd(extended, { ...paid, status: 'REFUNDED' }, now)).toEqual(now);
    expect(followedAccessEnd(extended, { ...paid, status: 'DISPUTED' }, now)).toEqual(now);
    // A partial refund keeps the photos, and so the days.
    expect(followedAccessEnd(extended, paid, now)).toBeUndefined();
    // The seller gave other days since: left as they are.
    const other = { ...extended, accessEndsAt: new Date(end.getTime() + DAY).toISOString() };
    expect(followedAccessEnd(other, { ...paid, status: 'REFUNDED' }, now)).toBeUndefined();
    // The dispute won: the access ended at the dispute runs to the extension's end again.
    const suspended = { ...expired, accessEndsAt: now.toISOString() };
    expect(followedAccessEnd(suspended, paid, new Date(now.getTime() + 1000))).toEqual(end);
  });
});
