import { describe, expect, it } from 'vitest';
import {
  MIN_SESSION_REMAINING_MS,
  fulfilledPhotosUntil,
  newOrderExpiresAt,
  orderHoldsUntil,
  usableCheckoutSession,
} from './order-rules';

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date('2026-03-01T12:00:00.000Z');

describe('newOrderExpiresAt', () => {
  it('is the given number of days after creation', () => {
    expect(newOrderExpiresAt(now, 7)).toBe('2026-03-08T12:00:00.000Z');
  });
});

describe('orderHoldsUntil', () => {
  const created = '2026-03-01T12:00:00.000Z';
  it('holds an unpaid order until its checkout ends', () => {
    expect(
      orderHoldsUntil({ status: 'PENDING', createdAt: created, expiresAt: '2026-03-31T12:00:00.000Z' }),
    ).toEqual(new Date('2026-03-31T12:00:00.000Z'));
  });

  it('holds a fulfilled order until its downloads end when that is later', () => {
    const fulfilledAt = '2026-03-20T12:00:00.000Z';
    expect(
      orderHoldsUntil({
        status: 'FULFILLED',
        createdAt: created,
        expiresAt: '2026-03-31T12:00:00.000Z',
        fulfilledAt,
      }),
    ).toEqual(new Date(Date.parse(fulfilledAt) + 30 * DAY_MS));
  });

  it('keeps the checkout end when the downloads would end sooner', () => {
    const expiresAt = '2026-06-01T00:00:00.000Z';
    expect(
      orderHoldsUntil({ status: 'FULFILLED', createdAt: created, expiresAt, fulfilledAt: created }),
    ).toEqual(new Date(expiresAt));
  });
});

describe('fulfilledPhotosUntil', () => {
  it('is thirty days after fulfilment', () => {
    expect(fulfilledPhotosUntil(now)).toEqual(new Date(now.getTime() + 30 * DAY_MS));
  });
});

describe('usableCheckoutSession', () => {
  const stored = {
    stripeAccountId: 'acct_1',
    checkoutSessionId: 'cs_1',
    checkoutUrl: 'https://checkout.example/cs_1',
    checkoutExpiresAt: new Date(now.getTime() + 60 * 60 * 1000).toISOString(),
  };

  it('hands out a session on the seller account with time left', () => {
    expect(usableCheckoutSession(stored, now)).toEqual({ id: 'cs_1', url: 'https://checkout.example/cs_1' });
  });

  it('replaces a session Stripe ended', () => {
    expect(
      usableCheckoutSession({ ...stored, checkoutSessionEndedAt: now.toISOString() }, now),
    ).toBeUndefined();
  });

  it('replaces a session of the platform account (destination charges)', () => {
    expect(usableCheckoutSession({ ...stored, stripeAccountId: undefined }, now)).toBeUndefined();
  });

  it('replaces a session about to end, and keeps one just beyond that', () => {
    const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
    expect(
      usableCheckoutSession({ ...stored, checkoutExpiresAt: at(MIN_SESSION_REMAINING_MS) }, now),
    ).toBeUndefined();
    expect(
      usableCheckoutSession({ ...stored, checkoutExpiresAt: at(MIN_SESSION_REMAINING_MS + 1) }, now),
    ).toEqual({
      id: 'cs_1',
      url: stored.checkoutUrl,
    });
  });

  it('has no session before one was attached', () => {
    expect(usableCheckoutSession({}, now)).toBeUndefined();
  });
});
