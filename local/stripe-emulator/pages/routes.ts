/**
 * The hosted pages a browser visits: checkout (`/c/pay/:id`), Connect onboarding
 * (`/setup/e/:account/:token`), the Express dashboard (`/express/:token`) and the billing portal
 * (`/p/session/:id`). Forms post back to the same paths and answer with a 303 redirect.
 */
import type { ServerResponse } from 'node:http';
import type { EmulatorContext } from '../context';
import { redirect, sendHtml } from '../http';
import {
  ONBOARDING_OUTCOMES,
  completeOnboarding,
  findUsableAccountLink,
  type OnboardingOutcome,
} from '../objects/accounts';
import { cancelAtPeriodEnd, subscriptionsOf } from '../objects/billing';
import { findCheckoutSession, payCheckoutSession, successRedirectUrl } from '../objects/checkout';
import { Router } from '../router';
import { expressDashboardPage, onboardingPage } from './account-pages';
import { checkoutPage, closedCheckoutPage, notFoundPage } from './checkout-page';
import { portalPage, type PortalSubscription } from './portal-page';
import { scheduledPriceOf, switchPrice } from '../objects/subscriptions';
import type { Subscription } from '../objects/types';

export interface PageRequest {
  res: ServerResponse;
  pathParams: Record<string, string>;
  form: URLSearchParams;
}

export type PageHandler = (ctx: EmulatorContext, request: PageRequest) => void;

const param = (request: PageRequest, name: string) => request.pathParams[name] ?? '';

const showCheckout: PageHandler = (ctx, request) => {
  const stored = findCheckoutSession(ctx, param(request, 'id'));
  if (stored === undefined) return sendHtml(request.res, 404, notFoundPage('This checkout session'));
  if (stored.session.status !== 'open') {
    const status = stored.session.status === 'expired' ? 410 : 200;
    return sendHtml(request.res, status, closedCheckoutPage(stored, successRedirectUrl(stored)));
  }
  sendHtml(request.res, 200, checkoutPage(stored));
};

const pay: PageHandler = (ctx, request) => {
  const stored = findCheckoutSession(ctx, param(request, 'id'));
  if (stored === undefined) return sendHtml(request.res, 404, notFoundPage('This checkout session'));
  if (stored.session.status !== 'open') return showCheckout(ctx, request);
  const form = { email: request.form.get('email') ?? '', cardNumber: request.form.get('card_number') ?? '' };
  const result = payCheckoutSession(ctx, stored, form);
  if (!result.ok) return sendHtml(request.res, 402, checkoutPage(stored, form, result.message));
  const successUrl = successRedirectUrl(stored);
  if (successUrl === null) return sendHtml(request.res, 200, closedCheckoutPage(stored, null));
  redirect(request.res, successUrl);
};

const outcomeOf = (value: string | null): OnboardingOutcome =>
  ONBOARDING_OUTCOMES.find((outcome) => outcome === value) ?? 'active';

const onboarding =
  (complete: boolean): PageHandler =>
  (ctx, request) => {
    const found = findUsableAccountLink(ctx, param(request, 'account'), param(request, 'token'));
    if (found === undefined) return sendHtml(request.res, 404, notFoundPage('This onboarding link'));
    if ('redirectTo' in found) return redirect(request.res, found.redirectTo, 302);
    if (!complete) {
      const action = `/setup/e/${found.account.id}/${found.link.token}`;
      return sendHtml(request.res, 200, onboardingPage(found.account, action, found.link.return_url));
    }
    completeOnboarding(ctx, found.link, found.account, outcomeOf(request.form.get('outcome')));
    redirect(request.res, found.link.return_url);
  };

const expressDashboard: PageHandler = (ctx, request) => {
  const link = ctx.state.loginLinks[param(request, 'token')];
  const account = link === undefined ? undefined : ctx.state.accounts[link.account];
  if (account === undefined) return sendHtml(request.res, 404, notFoundPage('This dashboard link'));
  const payments = Object.values(ctx.state.paymentIntents)
    .filter((payment) => payment.transfer_data?.destination === account.id)
    .sort((a, b) => b.created - a.created);
  sendHtml(request.res, 200, expressDashboardPage(account, payments));
};

const portal: PageHandler = (ctx, request) => {
  const session = ctx.state.portalSessions[param(request, 'id')];
  if (session === undefined) return sendHtml(request.res, 404, notFoundPage('This billing portal session'));
  sendHtml(
    request.res,
    200,
    portalPage(session, subscriptionsOf(ctx, session.customer).map(portalEntry(ctx))),
  );
};

/** The portal offers the recurring prices with a lookup key (the plans) in the subscription's currency. */
const portalEntry =
  (ctx: EmulatorContext) =>
  (subscription: Subscription): PortalSubscription => {
    const current = subscription.items.data[0]?.price;
    const scheduled = scheduledPriceOf(ctx, subscription);
    const options = Object.values(ctx.state.prices)
      .filter((price) => price.active && price.lookup_key !== null && price.recurring !== null)
      .filter((price) => price.currency === subscription.currency && price.id !== current?.id)
      .filter((price) => price.id !== scheduled?.id)
      .sort((a, b) => a.unit_amount - b.unit_amount);
    return { subscription, scheduled, options };
  };

const portalSwitch: PageHandler = (ctx, request) => {
  const session = ctx.state.portalSessions[param(request, 'id')];
  const subscription = ctx.state.subscriptions[param(request, 'subscription')];
  const price = ctx.state.prices[request.form.get('price') ?? ''];
  if (session === undefined || subscription === undefined || subscription.customer !== session.customer) {
    return sendHtml(request.res, 404, notFoundPage('This subscription'));
  }
  if (price === undefined || !portalEntry(ctx)(subscription).options.includes(price)) {
    return sendHtml(request.res, 404, notFoundPage('This plan'));
  }
  switchPrice(ctx, subscription, price);
  redirect(request.res, `/p/session/${session.id}`);
};

const portalCancel: PageHandler = (ctx, request) => {
  const session = ctx.state.portalSessions[param(request, 'id')];
  const subscription = ctx.state.subscriptions[param(request, 'subscription')];
  if (session === undefined || subscription === undefined || subscription.customer !== session.customer) {
    return sendHtml(request.res, 404, notFoundPage('This subscription'));
  }
  cancelAtPeriodEnd(ctx, subscription);
  redirect(request.res, `/p/session/${session.id}`);
};

export const pageRoutes = new Router<PageHandler>()
  .add('GET', '/c/pay/:id', showCheckout)
  .add('POST', '/c/pay/:id', pay)
  .add('GET', '/setup/e/:account/:token', onboarding(false))
  .add('POST', '/setup/e/:account/:token', onboarding(true))
  .add('GET', '/express/:token', expressDashboard)
  .add('GET', '/p/session/:id', portal)
  .add('POST', '/p/session/:id/subscriptions/:subscription/cancel', portalCancel)
  .add('POST', '/p/session/:id/subscriptions/:subscription/switch', portalSwitch);
