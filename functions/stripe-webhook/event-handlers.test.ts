import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  EVENT_HANDLERS,
  SUBSCRIBED_EVENTS,
  routeFor,
  sourceOf,
  subscribedEventTypes,
} from './event-handlers';

const event = (type: string, account?: string) => ({ type, ...(account && { account }) }) as Stripe.Event;

describe('the subscribed events', () => {
  it('are exactly the handler table’s entries, one per type and account kind, in its order', () => {
    const fromTable = Object.entries(EVENT_HANDLERS).flatMap(([type, route]) =>
      (['platform', 'connect'] as const).filter((from) => route[from]).map((from) => ({ type, from })),
    );
    expect(SUBSCRIBED_EVENTS).toEqual(fromTable);
    expect(new Set(SUBSCRIBED_EVENTS.map((subscribed) => subscribed.type))).toEqual(
      new Set(Object.keys(EVENT_HANDLERS)),
    );
  });

  it('include the events the hand-written deploy steps missed', () => {
    expect(subscribedEventTypes('platform')).toEqual(
      expect.arrayContaining(['invoice.paid', 'invoice.payment_failed', 'checkout.session.completed']),
    );
  });

  it('take orders’ payments, refunds and disputes from the sellers’ accounts (direct charges)', () => {
    expect(subscribedEventTypes('connect')).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
      'checkout.session.async_payment_failed',
      'checkout.session.expired',
      'charge.refunded',
      'charge.dispute.created',
      'charge.dispute.closed',
      'account.updated',
    ]);
  });

  it('take plans from the platform, and checkout.session.completed from both', () => {
    const platform = subscribedEventTypes('platform');
    expect(platform).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.deleted',
      'invoice.paid',
      'invoice.payment_failed',
    ]);
    expect(platform.length + subscribedEventTypes('connect').length).toBe(SUBSCRIBED_EVENTS.length);
  });
});

describe('routeFor', () => {
  it('routes an event to the handler for the account kind it came from', () => {
    expect(sourceOf(event('account.updated', 'acct_1'))).toBe('connect');
    expect(routeFor(event('account.updated', 'acct_1'))).toEqual({
      from: 'connect',
      handle: EVENT_HANDLERS['account.updated']?.connect,
    });
    const completed = EVENT_HANDLERS['checkout.session.completed'];
    expect(routeFor(event('checkout.session.completed'))?.handle).toBe(completed?.platform);
    expect(routeFor(event('checkout.session.completed', 'acct_1'))?.handle).toBe(completed?.connect);
    expect(completed?.platform).not.toBe(completed?.connect);
  });

  it('routes nothing that comes from a kind of account with no handler, or of an unknown type', () => {
    // Our platform account's own update, a refund on the platform, a subscription event on a seller's account.
    expect(routeFor(event('account.updated'))).toBeUndefined();
    expect(routeFor(event('charge.refunded'))).toBeUndefined();
    expect(routeFor(event('checkout.session.async_payment_failed'))).toBeUndefined();
    expect(routeFor(event('invoice.paid', 'acct_1'))).toBeUndefined();
    expect(routeFor(event('customer.created'))).toBeUndefined();
  });
});
