import { describe, expect, it } from 'vitest';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { canAcceptPayments, checkPrice } from './order-price';

describe('checkPrice', () => {
  it('makes 0 a free order and a price a paid one, in pence', () => {
    expect(checkPrice(0)).toEqual({ ok: true, totalMinor: 0, orderType: 'FREE_ORDER', currency: 'GBP' });
    expect(checkPrice(12.5)).toEqual({
      ok: true,
      totalMinor: 1250,
      orderType: 'PAID_ORDER',
      currency: 'GBP',
    });
    expect(checkPrice(0.3)).toMatchObject({ ok: true, totalMinor: 30 });
    expect(checkPrice(19.99)).toMatchObject({ ok: true, totalMinor: 1999 });
  });

  it('refuses other currencies, fractions of a penny and paid totals under 30p', () => {
    expect(checkPrice(5, 'EUR')).toEqual({ ok: false, message: sellerToolErrors.currencyNotSupported });
    expect(checkPrice(1.005)).toEqual({ ok: false, message: sellerToolErrors.priceDecimals });
    expect(checkPrice(0.29)).toEqual({ ok: false, message: sellerToolErrors.paidOrderMinimum });
  });
});

describe('canAcceptPayments', () => {
  it('needs the plan entitlement, an account and charges enabled', () => {
    const active = { paymentAcceptanceEnabled: true, chargesEnabled: true, stripeAccountId: 'acct_1' };
    expect(canAcceptPayments(active)).toBe(true);
    expect(canAcceptPayments({ ...active, paymentAcceptanceEnabled: false })).toBe(false);
    expect(canAcceptPayments({ ...active, chargesEnabled: false })).toBe(false);
    expect(canAcceptPayments({ paymentAcceptanceEnabled: true, chargesEnabled: true })).toBe(false);
  });
});
