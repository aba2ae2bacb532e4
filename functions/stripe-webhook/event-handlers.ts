/**
 * What each Stripe event type does. Types not listed are acknowledged and ignored. Other route groups'
 * events (Connect account updates, subscriptions) are added here as their handlers land.
 */
import type Stripe from 'stripe';
import {
  onInvoiceEvent,
  onSubscriptionCheckoutCompleted,
  onSubscriptionEvent,
} from '../billing/subscription-events';
import { onAccountUpdated } from '../connect/service';
import { onCheckoutSessionExpired, onCheckoutSessionPaid } from './checkout-events';

type EventHandler = (event: Stripe.Event) => Promise<void>;

const checkoutSession = (event: Stripe.Event): Stripe.Checkout.Session =>
  event.data.object as Stripe.Checkout.Session;

export const EVENT_HANDLERS: Partial<Record<Stripe.Event['type'], EventHandler>> = {
  'checkout.session.completed': (event) => {
    const session = checkoutSession(event);
    // Subscription sessions start a seller's plan (functions/billing); payment sessions pay orders.
    return session.mode === 'subscription'
      ? onSubscriptionCheckoutCompleted(session, event.created)
      : onCheckoutSessionPaid(session);
  },
  // Delayed payment methods complete the session unpaid and report the payment later.
  'checkout.session.async_payment_succeeded': (event) => onCheckoutSessionPaid(checkoutSession(event)),
  'checkout.session.expired': (event) => onCheckoutSessionExpired(checkoutSession(event)),
  // Payment acceptance and subscriptions (functions/connect, functions/billing).
  'account.updated': (event) => onAccountUpdated(event.data.object as Stripe.Account),
  'customer.subscription.created': onSubscriptionEvent,
  'customer.subscription.updated': onSubscriptionEvent,
  'customer.subscription.deleted': onSubscriptionEvent,
  'invoice.paid': onInvoiceEvent,
  'invoice.payment_failed': onInvoiceEvent,
};
