/**
 * The webhook endpoints Shutterlane needs, derived from the webhook function's own table of events,
 * and what to do about the ones that exist. Two endpoints at the same URL: the platform one (events on
 * our account) and a Connect one (`connect: true`: events on the sellers' connected accounts), each
 * with its own signing secret. Stripe never says again whether an endpoint is a Connect one, so the
 * endpoints this command makes carry their role in metadata, and are found by URL and that mark.
 */
import Stripe from 'stripe';
import {
  SUBSCRIBED_EVENTS,
  type EventSource,
  type SubscribableEventType,
  type SubscribedEvent,
} from '../../functions/stripe-webhook/event-handlers';
import { SETUP_MARK } from '../../functions/billing/portal-configuration';

export type EndpointRole = EventSource;

/** Metadata key marking what this command made (and so may change). */
export { SETUP_MARK };

export const endpointMark = (role: EndpointRole): string => `webhook-${role}`;

/**
 * The Secrets Manager secret each endpoint's signing secret belongs in: the CDK app's default for the
 * platform one (`stripeWebhookSecretName` in infra/stacks/settings.ts), a new one for the Connect one.
 */
export const SECRET_NAMES: Record<EndpointRole, string> = {
  platform: 'shutterlane/stripe-webhook-secret',
  connect: 'shutterlane/stripe-connect-webhook-secret',
};

export interface WantedEndpoint {
  role: EndpointRole;
  params: Stripe.WebhookEndpointCreateParams & {
    enabled_events: SubscribableEventType[];
    metadata: Record<string, string>;
  };
}

const DESCRIPTIONS: Record<EndpointRole, string> = {
  platform: 'Shutterlane: events on the platform account (npm run stripe:setup)',
  connect: 'Shutterlane: events on connected accounts (npm run stripe:setup)',
};

/** One endpoint per account kind the handlers listen to, subscribed to exactly their event types. */
export const wantedEndpoints = (
  url: string,
  events: readonly SubscribedEvent[] = SUBSCRIBED_EVENTS,
): WantedEndpoint[] =>
  (['platform', 'connect'] as const)
    .map((role) => ({
      role,
      types: events.filter((event) => event.from === role).map((event) => event.type),
    }))
    .filter(({ types }) => types.length > 0)
    .map(({ role, types }) => ({
      role,
      params: {
        url,
        enabled_events: types,
        connect: role === 'connect',
        // Events arrive in the shapes of the SDK the handlers are typed with, whatever the account's default.
        api_version: Stripe.API_VERSION,
        description: DESCRIPTIONS[role],
        metadata: { [SETUP_MARK]: endpointMark(role) },
      },
    }));

export type EndpointPlan =
  | { action: 'create'; wanted: WantedEndpoint }
  | { action: 'update'; wanted: WantedEndpoint; existing: Stripe.WebhookEndpoint; changes: EndpointChanges }
  | { action: 'unchanged'; wanted: WantedEndpoint; existing: Stripe.WebhookEndpoint };

export type EndpointChanges = Stripe.WebhookEndpointUpdateParams;

export interface EndpointReview {
  plan: EndpointPlan;
  /** What the command cannot fix: the run fails so someone looks. */
  problems: string[];
}

const sameEvents = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** The fields an update must send to make `existing` what is wanted; empty when it already is. */
export const endpointChanges = (
  existing: Stripe.WebhookEndpoint,
  wanted: WantedEndpoint,
): EndpointChanges => ({
  ...(sameEvents(existing.enabled_events, wanted.params.enabled_events)
    ? {}
    : { enabled_events: wanted.params.enabled_events }),
  ...(existing.description === wanted.params.description ? {} : { description: wanted.params.description }),
  ...(existing.status === 'enabled' ? {} : { disabled: false }),
});

const isMarked = (endpoint: Stripe.WebhookEndpoint, role: EndpointRole) =>
  endpoint.metadata[SETUP_MARK] === endpointMark(role);

const madeBySetup = (endpoint: Stripe.WebhookEndpoint) => endpoint.metadata[SETUP_MARK] !== undefined;

/**
 * Endpoints besides the kept ones that also receive Shutterlane's events: another at the same URL (made
 * by hand, as the deploy docs once said), or one this command made for an older URL.
 */
export const strayEndpointNotes = (
  url: string,
  existingEndpoints: readonly Stripe.WebhookEndpoint[],
  keptIds: readonly string[],
): string[] =>
  existingEndpoints
    .filter((endpoint) => !keptIds.includes(endpoint.id))
    .filter((endpoint) => endpoint.url === url || madeBySetup(endpoint))
    .map(
      (endpoint) =>
        `Endpoint ${endpoint.id} (${endpoint.url}) also receives events but is not kept by this command: delete it once the new secrets are deployed.`,
    );

const versionProblem = (existing: Stripe.WebhookEndpoint, wanted: WantedEndpoint): string[] =>
  existing.api_version === wanted.params.api_version
    ? []
    : [
        `Endpoint ${existing.id} renders events in API version ${existing.api_version ?? '(the account default)'}, not ${wanted.params.api_version}, and Stripe cannot change that: delete it and run again (then deploy its new secret).`,
      ];

export const reviewEndpoint = (
  wanted: WantedEndpoint,
  existingEndpoints: readonly Stripe.WebhookEndpoint[],
): EndpointReview => {
  const existing = existingEndpoints.find(
    (endpoint) => endpoint.url === wanted.params.url && isMarked(endpoint, wanted.role),
  );
  if (existing === undefined) return { plan: { action: 'create', wanted }, problems: [] };
  const changes = endpointChanges(existing, wanted);
  const plan: EndpointPlan =
    Object.keys(changes).length === 0
      ? { action: 'unchanged', wanted, existing }
      : { action: 'update', wanted, existing, changes };
  return { plan, problems: versionProblem(existing, wanted) };
};
