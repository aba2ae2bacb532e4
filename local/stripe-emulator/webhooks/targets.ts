/**
 * Where an event goes, as Stripe routes it: to every enabled endpoint subscribed to its type (or to
 * `*`) whose kind matches where the event happened. Events on a connected account (top-level
 * `account` set) go to Connect endpoints only; the platform's own events to the other endpoints only.
 * Each delivery is signed with its endpoint's secret.
 *
 * Besides the endpoints, the emulator can forward every event to one URL (`setWebhookUrl`), the way
 * `stripe listen --forward-to` does: not an endpoint of the account, and signed with the emulator's
 * `webhookSecret` (Connect events with `connectWebhookSecret` when one is given).
 */
import type { StoredWebhookEndpoint, StripeEvent } from '../objects/types';

export interface DeliveryTarget {
  url: string;
  secret: string;
  /** The endpoint's id; null for the forwarding URL. */
  endpoint: string | null;
}

export interface Forwarding {
  url: string;
  secret: string;
  connectSecret: string;
}

type RoutedEvent = Pick<StripeEvent, 'type' | 'account'>;

const isConnectEvent = (event: RoutedEvent): boolean => event.account !== undefined;

export const isSubscribed = (enabledEvents: readonly string[], type: string): boolean =>
  enabledEvents.includes('*') || enabledEvents.includes(type);

const endpointWants = (stored: StoredWebhookEndpoint, event: RoutedEvent): boolean =>
  stored.endpoint.status === 'enabled' &&
  stored.connect === isConnectEvent(event) &&
  isSubscribed(stored.endpoint.enabled_events, event.type);

export const deliveryTargets = (
  endpoints: readonly StoredWebhookEndpoint[],
  forwarding: Forwarding | undefined,
  event: RoutedEvent,
): DeliveryTarget[] => {
  const toEndpoints = endpoints
    .filter((stored) => endpointWants(stored, event))
    .map((stored) => ({ url: stored.endpoint.url, secret: stored.secret, endpoint: stored.endpoint.id }));
  if (forwarding === undefined) return toEndpoints;
  const secret = isConnectEvent(event) ? forwarding.connectSecret : forwarding.secret;
  return [{ url: forwarding.url, secret, endpoint: null }, ...toEndpoints];
};
