/**
 * What each Stripe event type does, and where it comes from. This table is the one list of the events
 * Shutterlane needs: the Stripe set-up command (`npm run stripe:setup`) subscribes the webhook endpoints
 * to exactly its keys, so a handler added here is subscribed by itself. Types not listed are
 * acknowledged and ignored.
 *
 * `from` is the account the event happens on. Platform events (our own Checkout Sessions,
 * subscriptions and invoices) reach the platform endpoint. Connect Express accounts' updates happen on
 * the connected accounts: Stripe sends those only to a Connect endpoint (`connect: true`), with the
 * account's id in the event's top-level `account`, signed with that endpoint's own secret.
 */
import type Stripe from 'stripe';
import {
  onInvoiceEvent,
  onSubscriptionCheckoutCompleted,
  onSubscriptionEvent,
} from '../billing/subscription-events';
import { onAccountUpdated } from '../connect/service';
import { onCheckoutSessionExpired, onCheckoutSessionPaid } from './checkout-events';

export type EventSource = 'platform' | 'connect';

type EventHandler = (event: Stripe.Event) => Promise<void>;

export interface EventRoute {
  from: EventSource;
  handle: EventHandler;
}

/** Event types a webhook endpoint can subscribe to (Stripe's list, as the SDK types it). */
export type SubscribableEventType = Stripe.WebhookEndpointCreateParams.EnabledEvent & Stripe.Event['type'];

const platform = (handle: EventHandler): EventRoute => ({ from: 'platform', handle });
const connectedAccount = (handle: EventHandler): EventRoute => ({ from: 'connect', handle });

const checkoutSession = (event: Stripe.Event): Stripe.Checkout.Session =>
  event.data.object as Stripe.Checkout.Session;

export const EVENT_HANDLERS: Partial<Record<SubscribableEventType, EventRoute>> = {
  'checkout.session.completed': platform((event) => {
    const session = checkoutSession(event);
    // Subscription sessions start a seller's plan (functions/billing); payment sessions pay orders.
    return session.mode === 'subscription'
      ? onSubscriptionCheckoutCompleted(session, event.created)
      : onCheckoutSessionPaid(session);
  }),
  // Delayed payment methods complete the session unpaid and report the payment later.
  'checkout.session.async_payment_succeeded': platform((event) =>
    onCheckoutSessionPaid(checkoutSession(event)),
  ),
  'checkout.session.expired': platform((event) => onCheckoutSessionExpired(checkoutSession(event))),
  // Payment acceptance (functions/connect): the sellers' Express accounts are connected accounts.
  'account.updated': connectedAccount((event) => onAccountUpdated(event.data.object as Stripe.Account)),
  // Plans (functions/billing).
  'customer.subscription.created': platform(onSubscriptionEvent),
  'customer.subscription.updated': platform(onSubscriptionEvent),
  'customer.subscription.deleted': platform(onSubscriptionEvent),
  'invoice.paid': platform(onInvoiceEvent),
  'invoice.payment_failed': platform(onInvoiceEvent),
};

export interface SubscribedEvent {
  type: SubscribableEventType;
  from: EventSource;
}

/** Every event type the handlers above need, with the account it comes from, in table order. */
export const SUBSCRIBED_EVENTS: readonly SubscribedEvent[] = (
  Object.entries(EVENT_HANDLERS) as [SubscribableEventType, EventRoute][]
).map(([type, route]) => ({ type, from: route.from }));

/** The event types one endpoint (platform or Connect) must be subscribed to. */
export const subscribedEventTypes = (from: EventSource): SubscribableEventType[] =>
  SUBSCRIBED_EVENTS.filter((event) => event.from === from).map((event) => event.type);

/** Where Stripe says an event happened: events on a connected account carry its id in `account`. */
export const sourceOf = (event: Pick<Stripe.Event, 'account'>): EventSource =>
  event.account ? 'connect' : 'platform';

/** The handler for an event, if its type is handled and it came from where that handler expects. */
export const routeFor = (event: Stripe.Event): EventRoute | undefined => {
  const route = EVENT_HANDLERS[event.type as SubscribableEventType];
  return route?.from === sourceOf(event) ? route : undefined;
};
