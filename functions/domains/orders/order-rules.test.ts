import { describe, expect, it } from 'vitest';
import type { OrderRecord } from './order-store';
import {
  MIN_SESSION_REMAINING_MS,
  endUnpaid,
  fulfilledPhotosUntil,
  holdsFromCreation,
  newOrderExpiresAt,
  newPickOrderExpiresAt,
  orderHoldsUntil,
  sellerMayCancel,
  unpaidPicksSince,
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

describe('a pick in a public gallery', () => {
  const MINUTE_MS = 60 * 1000;

  it('waits an hour for its payment', () => {
    expect(newPickOrderExpiresAt(now)).toBe('2026-03-01T13:00:00.000Z');
  });

  it('is searched for among orders made in the hour and 35 minutes before: its expiry, and a session made just before it', () => {
    expect(unpaidPicksSince(now)).toBe(new Date(now.getTime() - 95 * MINUTE_MS).toISOString());
  });

  it('holds nothing from its creation; a seller’s order does', () => {
    expect(holdsFromCreation({ publicId: 'pub_1' })).toBe(false);
    expect(holdsFromCreation({})).toBe(true);
  });
});

const anOrder = (fields: Partial<OrderRecord> = {}): OrderRecord => ({
  orderId: 'order-1',
  sellerId: 'seller-1',
  galleryId: 'gallery-1',
  publicId: 'pub-1',
  photoIds: ['p1'],
  currency: 'GBP',
  totalMinor: 900,
  orderType: 'PAID_ORDER',
  status: 'PENDING',
  createdAt: now.toISOString(),
  expiresAt: new Date(now.getTime() + 60 * 60 * 1000).toISOString(),
  ...fields,
});

describe('sellerMayCancel', () => {
  it('lets the seller cancel an order waiting for its checkout', () => {
    expect(sellerMayCancel(anOrder(), now)).toBe(true);
    expect(sellerMayCancel(anOrder({ status: 'DRAFT' }), now)).toBe(true);
  });

  it('not one with a payment on its way, paid, ended or past its expiry', () => {
    for (const status of ['PROCESSING', 'FULFILLED', 'DISPUTED', 'REFUNDED', 'EXPIRED'] as const)
      expect(sellerMayCancel(anOrder({ status }), now), status).toBe(false);
    expect(sellerMayCancel(anOrder({ expiresAt: now.toISOString() }), now)).toBe(false);
  });
});

describe('endUnpaid', () => {
  const at = now.toISOString();

  it('ends an unpaid order with why, its open session recorded as ended, a free session dropped, counted as cancelled', () => {
    expect(endUnpaid(anOrder({ checkoutSessionId: 'cs_1' }), 'CANCELLED', now)).toEqual({
      set: {
        status: 'EXPIRED',
        statusReason: 'CANCELLED',
        cancelledAt: at,
        checkoutExpiresAt: at,
        checkoutSessionEndedAt: at,
      },
      remove: ['freeCheckoutSessionId', 'freeCheckoutExpiresAt'],
      counters: { at, counts: { ordersCancelled: 1 } },
    });
  });

  it('leaves a session that ended already, or none, as it is', () => {
    const ended = anOrder({ checkoutSessionId: 'cs_1', checkoutSessionEndedAt: '2026-03-01T11:00:00.000Z' });
    for (const order of [ended, anOrder()])
      expect(endUnpaid(order, 'PHOTOS_REMOVED', now)?.set).toEqual({
        status: 'EXPIRED',
        statusReason: 'PHOTOS_REMOVED',
        cancelledAt: at,
      });
  });

  it('ends an order whose delayed payment is on its way (refunded if it arrives)', () => {
    expect(endUnpaid(anOrder({ status: 'PROCESSING' }), 'PHOTOS_REMOVED', now)?.set.status).toBe('EXPIRED');
  });

  it('never ends a paid order, or one that ended already', () => {
    for (const status of ['FULFILLED', 'DISPUTED', 'REFUNDED', 'EXPIRED'] as const)
      expect(endUnpaid(anOrder({ status }), 'CANCELLED', now), status).toBeUndefined();
  });
});
