import { describe, expect, it } from 'vitest';
import { newPickOrderExpiresAt } from '../domains/orders/order-rules';
import type { OrderRecord } from '../domains/orders/order-store';
import { checkoutIdempotencyKey, checkoutSessionParams, sessionExpiresAt } from './checkout-session-params';

const NOW = new Date('2026-03-01T10:00:20.000Z');
const nowS = Math.floor(NOW.getTime() / 1000);
const HOUR_S = 3600;

const order: OrderRecord = {
  orderId: 'order-1',
  sellerId: 'seller-1',
  galleryId: 'gallery-1',
  photoIds: ['p1', 'p2', 'p3'],
  currency: 'GBP',
  totalMinor: 1250,
  orderType: 'PAID_ORDER',
  status: 'PENDING',
  createdAt: '2026-02-20T00:00:00.000Z',
  expiresAt: '2026-03-22T00:00:00.000Z',
};

describe('checkoutSessionParams', () => {
  it('charges the stored total on the seller’s account with our 5% as the application fee, no destination', () => {
    const params = checkoutSessionParams(order, 'https://shutterlane.example', NOW);
    expect(params).toMatchObject({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'gbp', unit_amount: 1250 } }],
      payment_intent_data: { application_fee_amount: 63, metadata: { orderId: 'order-1' } },
      metadata: { orderId: 'order-1' },
      client_reference_id: 'order-1',
      success_url: 'https://shutterlane.example/checkout/success/order-1',
      cancel_url: 'https://shutterlane.example/checkout/cancel',
    });
    expect(params.payment_intent_data).not.toHaveProperty('transfer_data');
    expect(params).not.toHaveProperty('expires_at');
  });
});

describe('sessionExpiresAt', () => {
  it('leaves Stripe’s default when the order lasts longer than a day', () => {
    expect(sessionExpiresAt(new Date(NOW.getTime() + 25 * HOUR_S * 1000).toISOString(), NOW)).toBeUndefined();
  });

  it('ends with an order that ends within the day', () => {
    const end = new Date(NOW.getTime() + 5 * HOUR_S * 1000);
    expect(sessionExpiresAt(end.toISOString(), NOW)).toBe(Math.floor(end.getTime() / 1000));
  });

  it('ends with a customer’s pick, made an hour before its end, when its order is checked at once', () => {
    const pick = { ...order, publicId: 'pub-1', expiresAt: newPickOrderExpiresAt(NOW) };
    const params = checkoutSessionParams(pick, 'https://shutterlane.example', NOW);
    expect(params.expires_at).toBe(Math.floor(Date.parse(pick.expiresAt) / 1000));
    expect(params.expires_at! - nowS).toBe(HOUR_S);
  });

  it('lasts Stripe’s 30 minutes (and a margin) near the order’s end, rounded up to the minute', () => {
    const end = new Date(NOW.getTime() + 10 * 60 * 1000).toISOString();
    const at = sessionExpiresAt(end, NOW) ?? 0;
    expect(at % 60).toBe(0);
    expect(at - nowS).toBeGreaterThanOrEqual(31 * 60);
    expect(at - nowS).toBeLessThanOrEqual(32 * 60);
    // Checks within the same minute send the same value, so they share one session.
    expect(sessionExpiresAt(end, new Date(NOW.getTime() + 15_000))).toBe(at);
  });
});

describe('checkoutIdempotencyKey', () => {
  const params = checkoutSessionParams(order, 'https://shutterlane.example', NOW);
  const key = (fields: Partial<Parameters<typeof checkoutIdempotencyKey>[1]> = {}) =>
    checkoutIdempotencyKey('order-1', { stripeAccount: 'acct_1', replaces: undefined, params, ...fields });

  it('is the same for the same request, whatever the order of its parameters', () => {
    const reordered = Object.fromEntries(Object.entries(params).reverse()) as typeof params;
    expect(key({ params: reordered })).toBe(key());
    expect(key()).toMatch(/^checkout:order-1:[A-Za-z0-9_-]{43}$/);
  });

  it('differs when anything of the request differs: expiry, account, the session it replaces', () => {
    const keys = [
      key(),
      key({ params: { ...params, expires_at: nowS + 2 * HOUR_S } }),
      key({ stripeAccount: 'acct_2' }),
      key({ replaces: 'cs_old' }),
      key({ replaces: 'cs_older' }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});
