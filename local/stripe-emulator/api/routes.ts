/**
 * The REST subset Shutterlane calls on the platform only (no `Stripe-Account` header), as a route
 * table from method + path to handler. The calls that also work for a connected account are in
 * account-routes.ts.
 */
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
import {
  createPortalConfiguration,
  findPortalConfiguration,
  listPortalConfigurations,
  updatePortalConfiguration,
} from '../objects/portal-configurations';
import { createPrice, findPrices } from '../objects/prices';
import type { Owner } from '../objects/ownership';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  retrieveWebhookEndpoint,
  updateWebhookEndpoint,
  webhookEndpointsNewestFirst,
} from '../objects/webhook-endpoints';
import type { Params } from '../params';
import { Router } from '../router';
import { expand } from './expand';
import { pageOf } from './lists';

export interface ApiRequest {
  params: Params;
  pathParams: Record<string, string>;
  /** The connected account of the `Stripe-Account` header; null for the platform itself. */
  account: Owner;
}

export type ApiHandler = (ctx: EmulatorContext, request: ApiRequest) => object;

const id = (request: ApiRequest) => request.pathParams.id ?? '';

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

export const apiRoutes = new Router<ApiHandler>()
  .add('POST', '/v1/accounts', (ctx, { params }) => createAccount(ctx, params))
  .add('GET', '/v1/accounts', (ctx, { params }) => {
    params.ignore('created');
    const newestFirst = Object.values(ctx.state.accounts)
      .map((account) => findAccount(ctx, account.id))
      .reverse()
      .sort((a, b) => b.created - a.created);
    return listed(newestFirst, params, '/v1/accounts', 'account');
  })
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
  .add('GET', '/v1/application_fees/:id', (ctx, request) => {
    const paths = request.params.stringArray('expand');
    request.params.assertNoUnknown();
    const fee = ctx.state.applicationFees[id(request)];
    if (fee === undefined) throw resourceMissing('application_fee', id(request));
    return expand(ctx, fee, paths);
  })
  .add('GET', '/v1/application_fees', (ctx, { params }) => {
    const charge = params.optionalString('charge');
    const paths = params.stringArray('expand');
    params.ignore('created');
    const fees = Object.values(ctx.state.applicationFees)
      .reverse()
      .filter((fee) => charge === undefined || fee.charge === charge);
    return expand(ctx, listed(fees, params, '/v1/application_fees', 'application_fee'), paths);
  });
