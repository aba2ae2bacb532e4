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
import {
  findCheckoutSession,
  payCheckoutSession,
  successRedirectUrl,
  type CheckoutForm,
} from '../objects/checkout';
import { ownerOf } from '../objects/ownership';
import { Router } from '../router';
import { expressDashboardPage, onboardingPage, type DashboardPayment } from './account-pages';
import { checkoutPage, closedCheckoutPage, notFoundPage } from './checkout-page';
import { cancelPlan, showPortal, switchPlan } from './portal-routes';

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

const checkoutFormOf = (form: URLSearchParams): CheckoutForm => ({
  email: form.get('email') ?? '',
  method: form.get('payment_method') === 'bacs_debit' ? 'bacs_debit' : 'card',
  cardNumber: form.get('card_number') ?? '',
  accountHolder: form.get('account_holder_name') ?? '',
  sortCode: form.get('sort_code') ?? '',
  accountNumber: form.get('account_number') ?? '',
});

const pay: PageHandler = (ctx, request) => {
  const stored = findCheckoutSession(ctx, param(request, 'id'));
  if (stored === undefined) return sendHtml(request.res, 404, notFoundPage('This checkout session'));
  if (stored.session.status !== 'open') return showCheckout(ctx, request);
  const form = checkoutFormOf(request.form);
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

/**
 * The succeeded payments that reach `accountId`: its direct charges (net of every fee, from their
 * balance transactions) and destination charges to it (the amount less the application fee).
 */
const paymentsTo = (ctx: EmulatorContext, accountId: string): DashboardPayment[] =>
  Object.values(ctx.state.charges)
    .filter((charge) => charge.status === 'succeeded')
    .flatMap((charge) => {
      const transaction = ctx.state.balanceTransactions[String(charge.balance_transaction)];
      if (ownerOf(ctx, charge.id) === accountId && transaction !== undefined) {
        return [{ created: charge.created, net: transaction.net, currency: charge.currency }];
      }
      if (charge.transfer_data?.destination !== accountId) return [];
      const net = charge.amount - (charge.application_fee_amount ?? 0);
      return [{ created: charge.created, net, currency: charge.currency }];
    })
    .sort((a, b) => b.created - a.created);

const expressDashboard: PageHandler = (ctx, request) => {
  const link = ctx.state.loginLinks[param(request, 'token')];
  const account = link === undefined ? undefined : ctx.state.accounts[link.account];
  if (account === undefined) return sendHtml(request.res, 404, notFoundPage('This dashboard link'));
  sendHtml(request.res, 200, expressDashboardPage(account, paymentsTo(ctx, account.id)));
};

export const pageRoutes = new Router<PageHandler>()
  .add('GET', '/c/pay/:id', showCheckout)
  .add('POST', '/c/pay/:id', pay)
  .add('GET', '/setup/e/:account/:token', onboarding(false))
  .add('POST', '/setup/e/:account/:token', onboarding(true))
  .add('GET', '/express/:token', expressDashboard)
  .add('GET', '/p/session/:id', showPortal)
  .add('POST', '/p/session/:id/subscriptions/:subscription/cancel', cancelPlan)
  .add('POST', '/p/session/:id/subscriptions/:subscription/switch', switchPlan);
