/**
 * What each Stripe event type does, and where it comes from. This table is the one list of the events
 * Shutterlane needs: the Stripe set-up command (`npm run stripe:setup`) subscribes the webhook endpoints
 * to exactly its entries, so a handler added here is subscribed by itself. Types not listed, and types
 * from an account kind with no handler, are acknowledged and ignored.
 *
 * A type has a handler per account kind it is needed from. Platform events (our own subscriptions,
 * invoices and subscription Checkout Sessions) reach the platform endpoint. Events on the sellers'
 * connected accounts (their account updates, and everything about customers' payments: orders are paid
 * with direct charges on the seller's account) reach only a Connect endpoint (`connect: true`), with the
 * account's id in the event's top-level `account`, signed with that endpoint's own secret. So
 * `checkout.session.completed` has both: a seller's plan is bought on the platform, an order is paid on
 * the seller's account.
 */
import type { Stripe } from '../lib/stripe';
import {
  onInvoiceEvent,
  onSubscriptionCheckoutCompleted,
  onSubscriptionEvent,
} from '../billing/subscription-events';
import { onAccountUpdated } from '../connect/service';
import { logger } from '../lib/logger';
import { onChargeRefunded, onDisputeEvent } from './charge-events';
import { refundDuplicatePayment } from './duplicate-payments';
import { paidSession, sessionOrderId } from './session-completion';
import {
  checkoutSessionOf,
  onOrderPaymentFailed,
  onOrderSessionCompleted,
  onOrderSessionExpired,
  onOrderSessionPaid,
} from './checkout-events';

export type EventSource = 'platform' | 'connect';

export type EventHandler = (event: Stripe.Event) => Promise<void>;

/** The handler of a type for each account kind it is needed from (at least one). */
export type EventRoute = Partial<Record<EventSource, EventHandler>>;

/** Event types a webhook endpoint can subscribe to (Stripe's list, as the SDK types it). */
export type SubscribableEventType = Stripe.WebhookEndpointCreateParams.EnabledEvent & Stripe.Event['type'];

/**
 * A plan bought on the platform. Orders are paid on the seller's account, so a paid payment session here
 * (from the destination-charge days, or made by hand in the Dashboard) delivers nothing: refunded in full
 * on the platform account, with the alarm.
 */
async function onPlatformSessionCompleted(event: Stripe.Event): Promise<void> {
  const session = checkoutSessionOf(event);
  if (session.mode === 'subscription') return onSubscriptionCheckoutCompleted(session, event.created);
  const paid = paidSession(session);
  if ('ignore' in paid) {
    logger.warn('checkout session on the platform left alone', {
      sessionId: session.id,
      reason: paid.ignore,
    });
    return;
  }
  await refundDuplicatePayment({
    ...paid,
    orderId: sessionOrderId(session),
    account: undefined,
    why: 'paid on the platform account, where no order is paid',
    stripeReason: 'none',
    undelivered: true,
  });
}

export const EVENT_HANDLERS: Partial<Record<SubscribableEventType, EventRoute>> = {
  'checkout.session.completed': { platform: onPlatformSessionCompleted, connect: onOrderSessionCompleted },
  // Delayed payment methods (bank debits) complete the session unpaid and report the payment later.
  'checkout.session.async_payment_succeeded': { connect: onOrderSessionPaid },
  'checkout.session.async_payment_failed': { connect: onOrderPaymentFailed },
  'checkout.session.expired': { connect: onOrderSessionExpired },
  // Refunds (ours, or the seller's from their dashboard) and disputes of orders' payments.
  'charge.refunded': { connect: onChargeRefunded },
  'charge.dispute.created': { connect: onDisputeEvent },
  'charge.dispute.closed': { connect: onDisputeEvent },
  // Payment acceptance (functions/connect): the sellers' Express accounts are connected accounts.
  'account.updated': { connect: (event) => onAccountUpdated(event.data.object as Stripe.Account) },
  // Plans (functions/billing).
  'customer.subscription.created': { platform: onSubscriptionEvent },
  'customer.subscription.updated': { platform: onSubscriptionEvent },
  'customer.subscription.deleted': { platform: onSubscriptionEvent },
  'invoice.paid': { platform: onInvoiceEvent },
  'invoice.payment_failed': { platform: onInvoiceEvent },
};

export interface SubscribedEvent {
  type: SubscribableEventType;
  from: EventSource;
}

const SOURCES: readonly EventSource[] = ['platform', 'connect'];

/** Every (event type, account kind) the handlers above need, in table order. */
export const SUBSCRIBED_EVENTS: readonly SubscribedEvent[] = (
  Object.entries(EVENT_HANDLERS) as [SubscribableEventType, EventRoute][]
).flatMap(([type, route]) => SOURCES.filter((from) => route[from]).map((from) => ({ type, from })));

/** The event types one endpoint (platform or Connect) must be subscribed to. */
export const subscribedEventTypes = (from: EventSource): SubscribableEventType[] =>
  SUBSCRIBED_EVENTS.filter((event) => event.from === from).map((event) => event.type);

/** Where Stripe says an event happened: events on a connected account carry its id in `account`. */
export const sourceOf = (event: Pick<Stripe.Event, 'account'>): EventSource =>
  event.account ? 'connect' : 'platform';

export interface RoutedEvent {
  from: EventSource;
  handle: EventHandler;
}

/** The handler for an event, if its type is handled for the account kind it came from. */
export const routeFor = (event: Stripe.Event): RoutedEvent | undefined => {
  const from = sourceOf(event);
  const handle = EVENT_HANDLERS[event.type as SubscribableEventType]?.[from];
  return handle ? { from, handle } : undefined;
};
