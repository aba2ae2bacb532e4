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
  it('are exactly the handler table’s keys, in its order', () => {
    expect(SUBSCRIBED_EVENTS.map((subscribed) => subscribed.type)).toEqual(Object.keys(EVENT_HANDLERS));
  });

  it('include the events the hand-written deploy steps missed', () => {
    expect(subscribedEventTypes('platform')).toEqual(
      expect.arrayContaining([
        'invoice.paid',
        'invoice.payment_failed',
        'checkout.session.expired',
        'checkout.session.async_payment_succeeded',
      ]),
    );
  });

  it('come from the platform account, except the connected accounts’ updates', () => {
    expect(subscribedEventTypes('connect')).toEqual(['account.updated']);
    expect(subscribedEventTypes('platform')).not.toContain('account.updated');
    expect(subscribedEventTypes('platform').length + subscribedEventTypes('connect').length).toBe(
      SUBSCRIBED_EVENTS.length,
    );
  });
});

describe('routeFor', () => {
  it('routes an event to its handler only when it comes from where the handler expects', () => {
    expect(sourceOf(event('account.updated', 'acct_1'))).toBe('connect');
    expect(routeFor(event('account.updated', 'acct_1'))).toBe(EVENT_HANDLERS['account.updated']);
    expect(routeFor(event('checkout.session.completed'))).toBe(EVENT_HANDLERS['checkout.session.completed']);
    // Our platform account's own update, and a connected account's own Checkout Session: not ours to act on.
    expect(routeFor(event('account.updated'))).toBeUndefined();
    expect(routeFor(event('checkout.session.completed', 'acct_1'))).toBeUndefined();
    expect(routeFor(event('customer.created'))).toBeUndefined();
  });
});
