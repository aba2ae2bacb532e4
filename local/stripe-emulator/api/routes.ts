/** The REST subset Shutterlane calls, as a route table from method + path to handler. */
import type { EmulatorContext } from '../context';
import { resourceMissing } from '../errors';
import {
  createAccount,
  createAccountLink,
  createLoginLink,
  findAccount,
  updateAccount,
} from '../objects/accounts';
import {
  cancelSubscriptionNow,
  createPortalSession,
  requireSubscription,
  updateSubscription,
} from '../objects/billing';
import { expireOpenCheckoutSession, requireCheckoutSession } from '../objects/checkout';
import { createCheckoutSession } from '../objects/checkout-create';
import {
  createPortalConfiguration,
  findPortalConfiguration,
  listPortalConfigurations,
  updatePortalConfiguration,
} from '../objects/portal-configurations';
import { createPrice, findPrices } from '../objects/prices';
import type { StoredCheckoutSession } from '../objects/types';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  retrieveWebhookEndpoint,
  updateWebhookEndpoint,
  webhookEndpointsNewestFirst,
} from '../objects/webhook-endpoints';
import type { Params } from '../params';
import { Router } from '../router';
import { pageOf } from './lists';

export interface ApiRequest {
  params: Params;
  pathParams: Record<string, string>;
}

export type ApiHandler = (ctx: EmulatorContext, request: ApiRequest) => object;

const id = (request: ApiRequest) => request.pathParams.id ?? '';

/** Checkout Sessions support `expand[]` of the objects they point to, like Stripe. */
const presentSession = (ctx: EmulatorContext, stored: StoredCheckoutSession, params: Params): object => {
  const expand = new Set(params.stringArray('expand'));
  params.assertNoUnknown();
  const { session } = stored;
  return {
    ...session,
    ...(expand.has('line_items')
      ? {
          line_items: {
            object: 'list',
            data: stored.lineItems,
            has_more: false,
            url: `/v1/checkout/sessions/${session.id}/line_items`,
          },
        }
      : {}),
    ...(expand.has('payment_intent') && session.payment_intent !== null
      ? { payment_intent: ctx.state.paymentIntents[session.payment_intent] }
      : {}),
    ...(expand.has('subscription') && session.subscription !== null
      ? { subscription: ctx.state.subscriptions[session.subscription] }
      : {}),
  };
};

const retrieve =
  <T>(table: (ctx: EmulatorContext) => Record<string, T>, objectName: string): ApiHandler =>
  (ctx, request) => {
    request.params.ignore('expand');
    request.params.assertNoUnknown();
    const found = table(ctx)[id(request)];
    if (found === undefined) throw resourceMissing(objectName, id(request));
    return found as object;
  };

/** A page of `items` (newest first), after which no parameter may be left unread. */
const listed = <T extends { id: string }>(items: T[], params: Params, url: string, objectName: string) => {
  const page = pageOf(items, params, url, objectName);
  params.assertNoUnknown();
  return page;
};

const listEvents: ApiHandler = (ctx, { params }) => {
  const type = params.optionalString('type');
  params.ignore('created', 'delivery_success', 'types');
  // Stripe accepts one wildcard at the end of `type`, e.g. `checkout.session.*`.
  const matchesType = (eventType: string) =>
    type === undefined ||
    (type.endsWith('.*') ? eventType.startsWith(type.slice(0, -1)) : eventType === type);
  const newestFirst = [...ctx.state.events].reverse().filter((event) => matchesType(event.type));
  const page = pageOf(newestFirst, params, '/v1/events', 'event');
  params.assertNoUnknown();
  return page;
};

export const apiRoutes = new Router<ApiHandler>()
  .add('POST', '/v1/accounts', (ctx, { params }) => createAccount(ctx, params))
  .add('GET', '/v1/accounts/:id', (ctx, request) => {
    request.params.ignore('expand');
    request.params.assertNoUnknown();
    return findAccount(ctx, id(request));
  })
  .add('POST', '/v1/accounts/:id', (ctx, request) => updateAccount(ctx, id(request), request.params))
  .add('POST', '/v1/accounts/:id/login_links', (ctx, request) =>
    createLoginLink(ctx, id(request), request.params),
  )
  .add('POST', '/v1/account_links', (ctx, { params }) => createAccountLink(ctx, params))
  .add('POST', '/v1/checkout/sessions', (ctx, { params }) => {
    const stored = createCheckoutSession(ctx, params);
    return stored.session;
  })
  .add('GET', '/v1/checkout/sessions/:id', (ctx, request) =>
    presentSession(ctx, requireCheckoutSession(ctx, id(request)), request.params),
  )
  .add('GET', '/v1/checkout/sessions/:id/line_items', (ctx, request) =>
    pageOf(
      requireCheckoutSession(ctx, id(request)).lineItems,
      request.params,
      `/v1/checkout/sessions/${id(request)}/line_items`,
      'item',
    ),
  )
  .add('POST', '/v1/checkout/sessions/:id/expire', (ctx, request) => {
    request.params.ignore('expand');
    request.params.assertNoUnknown();
    return expireOpenCheckoutSession(ctx, id(request)).session;
  })
  .add(
    'GET',
    '/v1/payment_intents/:id',
    retrieve((ctx) => ctx.state.paymentIntents, 'payment_intent'),
  )
  .add(
    'GET',
    '/v1/customers/:id',
    retrieve((ctx) => ctx.state.customers, 'customer'),
  )
  .add('GET', '/v1/subscriptions/:id', (ctx, request) => {
    request.params.ignore('expand');
    request.params.assertNoUnknown();
    return requireSubscription(ctx, id(request));
  })
  .add('POST', '/v1/subscriptions/:id', (ctx, request) =>
    updateSubscription(ctx, id(request), request.params),
  )
  .add('DELETE', '/v1/subscriptions/:id', (ctx, request) =>
    cancelSubscriptionNow(ctx, id(request), request.params),
  )
  .add('POST', '/v1/prices', (ctx, { params }) => createPrice(ctx, params))
  .add('GET', '/v1/prices', (ctx, { params }) => {
    const page = pageOf(findPrices(ctx, params), params, '/v1/prices', 'price');
    params.assertNoUnknown();
    return page;
  })
  .add(
    'GET',
    '/v1/prices/:id',
    retrieve((ctx) => ctx.state.prices, 'price'),
  )
  .add(
    'GET',
    '/v1/invoices/:id',
    retrieve((ctx) => ctx.state.invoices, 'invoice'),
  )
  .add('POST', '/v1/billing_portal/sessions', (ctx, { params }) => createPortalSession(ctx, params))
  .add('POST', '/v1/billing_portal/configurations', (ctx, { params }) =>
    createPortalConfiguration(ctx, params),
  )
  .add('GET', '/v1/billing_portal/configurations', (ctx, { params }) =>
    listed(
      listPortalConfigurations(ctx, params),
      params,
      '/v1/billing_portal/configurations',
      'configuration',
    ),
  )
  .add('GET', '/v1/billing_portal/configurations/:id', (ctx, request) => {
    request.params.ignore('expand');
    request.params.assertNoUnknown();
    return findPortalConfiguration(ctx, id(request));
  })
  .add('POST', '/v1/billing_portal/configurations/:id', (ctx, request) =>
    updatePortalConfiguration(ctx, id(request), request.params),
  )
  .add('POST', '/v1/webhook_endpoints', (ctx, { params }) => createWebhookEndpoint(ctx, params))
  .add('GET', '/v1/webhook_endpoints', (ctx, { params }) => {
    params.ignore('expand');
    return listed(webhookEndpointsNewestFirst(ctx), params, '/v1/webhook_endpoints', 'webhook_endpoint');
  })
  .add('GET', '/v1/webhook_endpoints/:id', (ctx, request) =>
    retrieveWebhookEndpoint(ctx, id(request), request.params),
  )
  .add('POST', '/v1/webhook_endpoints/:id', (ctx, request) =>
    updateWebhookEndpoint(ctx, id(request), request.params),
  )
  .add('DELETE', '/v1/webhook_endpoints/:id', (ctx, request) =>
    deleteWebhookEndpoint(ctx, id(request), request.params),
  )
  .add('GET', '/v1/events', listEvents)
  .add('GET', '/v1/events/:id', (ctx, request) => {
    request.params.assertNoUnknown();
    const event = ctx.state.events.find((candidate) => candidate.id === id(request));
    if (event === undefined) throw resourceMissing('event', id(request));
    return event;
  });
