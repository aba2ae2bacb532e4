/**
 * The calls that work for the platform and, with the `Stripe-Account` header, for a connected
 * account: Checkout Sessions, payment intents, charges, refunds, the balance and its transactions,
 * disputes and events. Each sees only the objects of the account it is made for (`request.account`).
 */
import type Stripe from 'stripe';
import type { EmulatorContext } from '../context';
import { resourceMissing } from '../errors';
import { balanceOf } from '../objects/balance';
import { presentBalanceTransaction } from '../objects/balance-transactions';
import { expireOpenCheckoutSession, requireCheckoutSession } from '../objects/checkout';
import { createCheckoutSession } from '../objects/checkout-create';
import { closeDispute, presentDispute } from '../objects/disputes';
import { ownedNewestFirst, requireOwned, type Owner } from '../objects/ownership';
import { createRefund } from '../objects/refunds';
import type { Params } from '../params';
import { Router } from '../router';
import { expand } from './expand';
import { pageOf } from './lists';
import type { ApiHandler, ApiRequest } from './routes';

const id = (request: ApiRequest) => request.pathParams.id ?? '';

type Table<T> = (ctx: EmulatorContext) => Record<string, T>;
type Present<T> = (ctx: EmulatorContext, found: T) => T;
const asStored = <T>(_ctx: EmulatorContext, found: T): T => found;

const retrieveOwned =
  <T extends object>(table: Table<T>, objectName: string, present: Present<T> = asStored): ApiHandler =>
  (ctx, request) => {
    const paths = request.params.stringArray('expand');
    request.params.assertNoUnknown();
    const found = requireOwned(ctx, table(ctx), id(request), request.account, objectName);
    return expand(ctx, present(ctx, found), paths);
  };

/** Reads the list filters named in `filters` (each an equality on the field of the same name). */
const filtersOf = (params: Params, filters: readonly string[]) =>
  filters.flatMap((name) => {
    const wanted = params.optionalString(name);
    return wanted === undefined ? [] : [(item: Record<string, unknown>) => item[name] === wanted];
  });

const listOwned =
  <T extends { id: string; created: number }>(
    table: Table<T>,
    objectName: string,
    url: string,
    filters: readonly string[],
    present: Present<T> = asStored,
  ): ApiHandler =>
  (ctx, { params, account }) => {
    const matches = filtersOf(params, filters);
    const paths = params.stringArray('expand');
    params.ignore('created');
    const items = ownedNewestFirst(ctx, table(ctx), account)
      .filter((item) => matches.every((match) => match(item as unknown as Record<string, unknown>)))
      .map((item) => present(ctx, item));
    const page = pageOf(items, params, url, objectName);
    params.assertNoUnknown();
    return expand(ctx, page, paths);
  };

const presentTransaction: Present<Stripe.BalanceTransaction> = (_ctx, found) =>
  presentBalanceTransaction(found);

/** Events on `account` (with the header), or every event (the platform's view, see README). */
const eventsFor = (ctx: EmulatorContext, account: Owner) => {
  const newestFirst = [...ctx.state.events].reverse();
  return account === null ? newestFirst : newestFirst.filter((event) => event.account === account);
};

const listEvents: ApiHandler = (ctx, { params, account }) => {
  const type = params.optionalString('type');
  params.ignore('created', 'delivery_success', 'types');
  // Stripe accepts one wildcard at the end of `type`, e.g. `checkout.session.*`.
  const matchesType = (eventType: string) =>
    type === undefined ||
    (type.endsWith('.*') ? eventType.startsWith(type.slice(0, -1)) : eventType === type);
  const events = eventsFor(ctx, account).filter((event) => matchesType(event.type));
  const page = pageOf(events, params, '/v1/events', 'event');
  params.assertNoUnknown();
  return page;
};

const checkoutSessionRoutes = (router: Router<ApiHandler>) =>
  router
    .add('POST', '/v1/checkout/sessions', (ctx, { params, account }) => {
      const paths = params.stringArray('expand');
      return expand(ctx, createCheckoutSession(ctx, params, account).session, paths);
    })
    .add('GET', '/v1/checkout/sessions/:id', (ctx, request) => {
      const paths = request.params.stringArray('expand');
      request.params.assertNoUnknown();
      return expand(ctx, requireCheckoutSession(ctx, id(request), request.account).session, paths);
    })
    .add('GET', '/v1/checkout/sessions/:id/line_items', (ctx, request) => {
      const stored = requireCheckoutSession(ctx, id(request), request.account);
      request.params.ignore('expand');
      const page = pageOf(
        stored.lineItems,
        request.params,
        `/v1/checkout/sessions/${id(request)}/line_items`,
        'item',
      );
      request.params.assertNoUnknown();
      return page;
    })
    .add('POST', '/v1/checkout/sessions/:id/expire', (ctx, request) => {
      const paths = request.params.stringArray('expand');
      request.params.assertNoUnknown();
      return expand(ctx, expireOpenCheckoutSession(ctx, id(request), request.account).session, paths);
    });

const moneyRoutes = (router: Router<ApiHandler>) =>
  router
    .add(
      'GET',
      '/v1/payment_intents/:id',
      retrieveOwned((ctx) => ctx.state.paymentIntents, 'payment_intent'),
    )
    .add(
      'GET',
      '/v1/charges/:id',
      retrieveOwned((ctx) => ctx.state.charges, 'charge'),
    )
    .add(
      'GET',
      '/v1/charges',
      listOwned((ctx) => ctx.state.charges, 'charge', '/v1/charges', ['payment_intent', 'customer']),
    )
    .add('POST', '/v1/refunds', (ctx, { params, account }) => {
      const paths = params.stringArray('expand');
      return expand(ctx, createRefund(ctx, params, account), paths);
    })
    .add(
      'GET',
      '/v1/refunds/:id',
      retrieveOwned((ctx) => ctx.state.refunds, 'refund'),
    )
    .add(
      'GET',
      '/v1/refunds',
      listOwned((ctx) => ctx.state.refunds, 'refund', '/v1/refunds', ['charge', 'payment_intent']),
    )
    .add(
      'GET',
      '/v1/balance_transactions/:id',
      retrieveOwned((ctx) => ctx.state.balanceTransactions, 'balance_transaction', presentTransaction),
    )
    .add(
      'GET',
      '/v1/balance_transactions',
      listOwned(
        (ctx) => ctx.state.balanceTransactions,
        'balance_transaction',
        '/v1/balance_transactions',
        ['source', 'type', 'currency'],
        presentTransaction,
      ),
    )
    .add(
      'GET',
      '/v1/disputes/:id',
      retrieveOwned((ctx) => ctx.state.disputes, 'dispute', presentDispute),
    )
    .add(
      'GET',
      '/v1/disputes',
      listOwned(
        (ctx) => ctx.state.disputes,
        'dispute',
        '/v1/disputes',
        ['charge', 'payment_intent'],
        presentDispute,
      ),
    )
    .add('POST', '/v1/disputes/:id/close', (ctx, request) => {
      const paths = request.params.stringArray('expand');
      request.params.assertNoUnknown();
      requireOwned(ctx, ctx.state.disputes, id(request), request.account, 'dispute');
      return expand(ctx, closeDispute(ctx, id(request), 'lost'), paths);
    });

export const accountRoutes = moneyRoutes(checkoutSessionRoutes(new Router<ApiHandler>()))
  .add('GET', '/v1/balance', (ctx, { params, account }) => {
    params.assertNoUnknown();
    return balanceOf(ctx, account);
  })
  .add('GET', '/v1/events', listEvents)
  .add('GET', '/v1/events/:id', (ctx, request) => {
    request.params.assertNoUnknown();
    const event = eventsFor(ctx, request.account).find((candidate) => candidate.id === id(request));
    if (event === undefined) throw resourceMissing('event', id(request));
    return event;
  });
