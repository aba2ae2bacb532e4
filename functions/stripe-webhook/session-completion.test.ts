import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { paidSession, paysOrderAmount, sessionOrderId, sessionPayment } from './session-completion';

const session = (fields: Partial<Stripe.Checkout.Session> = {}) =>
  ({
    id: 'cs_test_1',
    mode: 'payment',
    payment_status: 'paid',
    metadata: { orderId: 'order-1' },
    client_reference_id: 'order-1',
    payment_intent: 'pi_1',
    customer_details: { email: 'payer@example.com' },
    customer_email: null,
    amount_total: 1500,
    currency: 'gbp',
    ...fields,
  }) as Stripe.Checkout.Session;

describe('sessionPayment', () => {
  it('pays the order of a paid payment session, with the payer’s email and payment intent', () => {
    expect(sessionPayment(session())).toEqual({
      pay: {
        orderId: 'order-1',
        checkoutSessionId: 'cs_test_1',
        paymentIntentId: 'pi_1',
        customerEmail: 'payer@example.com',
      },
    });
  });

  it('ignores unpaid, subscription and order-less sessions', () => {
    expect(sessionPayment(session({ payment_status: 'unpaid' }))).toHaveProperty('ignore');
    expect(sessionPayment(session({ payment_status: 'no_payment_required' }))).toHaveProperty('ignore');
    expect(sessionPayment(session({ mode: 'subscription' }))).toHaveProperty('ignore');
    expect(sessionPayment(session({ metadata: {}, client_reference_id: null }))).toHaveProperty('ignore');
  });
});

describe('sessionOrderId', () => {
  it('takes either source, and refuses when they disagree', () => {
    expect(sessionOrderId(session({ client_reference_id: null }))).toBe('order-1');
    expect(sessionOrderId(session({ metadata: {} }))).toBe('order-1');
    expect(sessionOrderId(session({ client_reference_id: 'order-2' }))).toBeUndefined();
  });
});

describe('paysOrderAmount', () => {
  it('needs the order’s amount in its currency', () => {
    expect(paysOrderAmount(session(), { totalMinor: 1500, currency: 'GBP' })).toBe(true);
    expect(paysOrderAmount(session(), { totalMinor: 1499, currency: 'GBP' })).toBe(false);
    expect(paysOrderAmount(session(), { totalMinor: 1500, currency: 'EUR' })).toBe(false);
  });
});

describe('paidSession', () => {
  it('holds the payment of any paid payment session, with or without an order', () => {
    const bare = session({ metadata: {}, client_reference_id: null });
    expect(paidSession(bare)).toEqual({ checkoutSessionId: 'cs_test_1', paymentIntentId: 'pi_1' });
    expect(paidSession(session({ mode: 'subscription' }))).toHaveProperty('ignore');
    expect(paidSession(session({ payment_status: 'unpaid' }))).toHaveProperty('ignore');
  });
});
