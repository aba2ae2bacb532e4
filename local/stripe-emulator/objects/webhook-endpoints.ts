/**
 * Webhook endpoints (`/v1/webhook_endpoints`), as a deployment creates them through the API: each one
 * gets its own `whsec_` signing secret, shown only in the answer to the create call; `connect: true`
 * makes it receive the connected accounts' events instead of the platform's (a flag Stripe never shows
 * again, so it is kept beside the object). Events go to every enabled endpoint that wants them (see
 * webhooks/targets.ts).
 *
 * Stripe refuses URLs that are not publicly reachable (localhost and the like); the emulator accepts
 * them, since the local stack and the tests receive events on this machine. Like any test-mode
 * account it accepts `http:` (Stripe requires `https:` in live mode only).
 *
 * Events are rendered in one API version, the SDK's: an endpoint pinned to another (which Stripe
 * would render in that version's shapes) is refused rather than sent shapes it did not ask for.
 */
import { EVENT_API_VERSION, type EmulatorContext } from '../context';
import { invalidRequest, missingParam, resourceMissing } from '../errors';
import { newId } from '../ids';
import type { Params } from '../params';
import { unixNow } from '../webhooks/signing';
import { API_VERSIONS } from './api-versions';
import { EVENT_TYPES, isEventType } from './event-types';
import type { StoredWebhookEndpoint, WebhookEndpoint } from './types';

/** Stripe's limit of webhook endpoints per account and mode. */
export const MAX_WEBHOOK_ENDPOINTS = 16;
const EVERY_EVENT = '*';
const OBJECT_NAME = 'webhook_endpoint';

const requireEndpointUrl = (value: string): string => {
  try {
    const url = new URL(value);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '') return value;
  } catch {
    // answered below
  }
  throw invalidRequest(`Invalid URL: ${value}`, 'url', 'url_invalid');
};

/** `*` or Stripe's event types, each checked like an enum value; at least one. */
const readEnabledEvents = (params: Params, required: boolean): string[] | undefined => {
  if (!params.has('enabled_events')) {
    if (required) throw missingParam('enabled_events');
    params.ignore('enabled_events');
    return undefined;
  }
  return params.checkedStringArray('enabled_events', (value, param) => {
    if (value === EVERY_EVENT || isEventType(value)) return;
    throw invalidRequest(`Invalid ${param}: must be one of ${EVERY_EVENT}, ${EVENT_TYPES.join(', ')}`, param);
  });
};

/** `description=` (empty) clears it, as the SDK's Emptyable does; absent leaves it. */
const readApiVersion = (params: Params): string | null => {
  const version = params.optionalEnum('api_version', API_VERSIONS);
  if (version === undefined || version === EVENT_API_VERSION) return version ?? null;
  throw invalidRequest(
    `The Stripe emulator renders events in API version ${EVENT_API_VERSION} only, not ${version}.`,
    'api_version',
  );
};

const readDescription = (params: Params, current: string | null): string | null => {
  if (!params.keys().includes('description')) return current;
  return params.optionalString('description') ?? null;
};

export const requireWebhookEndpoint = (ctx: EmulatorContext, id: string): StoredWebhookEndpoint => {
  const stored = ctx.state.webhookEndpoints[id];
  if (stored === undefined) throw resourceMissing(OBJECT_NAME, id);
  return stored;
};

export const createWebhookEndpoint = (
  ctx: EmulatorContext,
  params: Params,
): WebhookEndpoint & { secret: string } => {
  const url = requireEndpointUrl(params.string('url'));
  const enabledEvents = readEnabledEvents(params, true) ?? [];
  const connect = params.optionalBoolean('connect') ?? false;
  const apiVersion = readApiVersion(params);
  const description = readDescription(params, null);
  const metadata = params.metadata();
  params.ignore('expand');
  params.assertNoUnknown();
  if (Object.keys(ctx.state.webhookEndpoints).length >= MAX_WEBHOOK_ENDPOINTS) {
    throw invalidRequest(`You have reached the maximum of ${MAX_WEBHOOK_ENDPOINTS} test webhook endpoints.`);
  }
  const endpoint: WebhookEndpoint = {
    id: newId('webhookEndpoint'),
    object: 'webhook_endpoint',
    api_version: apiVersion,
    application: null,
    created: unixNow(),
    description,
    enabled_events: enabledEvents,
    livemode: false,
    metadata,
    status: 'enabled',
    url,
  };
  const stored: StoredWebhookEndpoint = { endpoint, secret: newId('webhookSecret'), connect };
  ctx.state.webhookEndpoints[endpoint.id] = stored;
  ctx.store.changed();
  return { ...endpoint, secret: stored.secret };
};

/** Stripe lets an update change the url, the events, the description, the metadata and `disabled`. */
export const updateWebhookEndpoint = (ctx: EmulatorContext, id: string, params: Params): WebhookEndpoint => {
  const url = params.optionalString('url');
  const enabledEvents = readEnabledEvents(params, false);
  const disabled = params.optionalBoolean('disabled');
  params.ignore('expand');
  const { endpoint } = requireWebhookEndpoint(ctx, id);
  const description = readDescription(params, endpoint.description);
  const metadata = params.updatedMetadata(endpoint.metadata);
  params.assertNoUnknown();
  if (url !== undefined) endpoint.url = requireEndpointUrl(url);
  if (enabledEvents !== undefined) endpoint.enabled_events = enabledEvents;
  if (disabled !== undefined) endpoint.status = disabled ? 'disabled' : 'enabled';
  endpoint.description = description;
  endpoint.metadata = metadata;
  ctx.store.changed();
  return endpoint;
};

export const deleteWebhookEndpoint = (ctx: EmulatorContext, id: string, params: Params) => {
  params.assertNoUnknown();
  requireWebhookEndpoint(ctx, id);
  delete ctx.state.webhookEndpoints[id];
  ctx.store.changed();
  return { id, object: OBJECT_NAME, deleted: true };
};

export const retrieveWebhookEndpoint = (
  ctx: EmulatorContext,
  id: string,
  params: Params,
): WebhookEndpoint => {
  params.ignore('expand');
  params.assertNoUnknown();
  return requireWebhookEndpoint(ctx, id).endpoint;
};

/** Newest first, as Stripe lists them (the state keeps them in the order they were created). */
export const webhookEndpointsNewestFirst = (ctx: EmulatorContext): WebhookEndpoint[] =>
  Object.values(ctx.state.webhookEndpoints)
    .map((stored) => stored.endpoint)
    .reverse();

export interface RevealedEndpoint {
  id: string;
  url: string;
  connect: boolean;
  secret: string;
}

/** Every endpoint with its secret and kind (local only: what the Dashboard reveals), oldest first. */
export const revealedEndpoints = (ctx: EmulatorContext): RevealedEndpoint[] =>
  Object.values(ctx.state.webhookEndpoints).map(({ endpoint, connect, secret }) => ({
    id: endpoint.id,
    url: endpoint.url,
    connect,
    secret,
  }));
