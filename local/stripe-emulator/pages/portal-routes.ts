/**
 * The billing portal's pages (`/p/session/:id`): what a session shows and does follows its
 * configuration (the one it was created with, else the account's default). A plan switch offers only
 * the configuration's prices and follows its rules; the cancel button exists only when cancelling is on.
 */
import type { EmulatorContext } from '../context';
import { StripeApiError } from '../errors';
import { redirect, sendHtml } from '../http';
import { cancelAtPeriodEnd, endSubscription, subscriptionsOf } from '../objects/billing';
import { findPortalConfiguration } from '../objects/portal-configurations';
import { dashboardConfiguration } from '../objects/portal-default';
import { scheduledPriceOf, switchPrice, type SwitchRules } from '../objects/subscriptions';
import type { PortalConfiguration, PortalSession, Price, Subscription } from '../objects/types';
import { notFoundPage } from './checkout-page';
import { portalPage, type PortalSubscription } from './portal-page';
import type { PageHandler, PageRequest } from './routes';

interface OpenPortal {
  session: PortalSession;
  configuration: PortalConfiguration;
}

const configurationOf = (ctx: EmulatorContext, session: PortalSession): PortalConfiguration | undefined => {
  if (session.configuration === undefined) return dashboardConfiguration(ctx);
  try {
    return findPortalConfiguration(ctx, session.configuration);
  } catch (error) {
    if (error instanceof StripeApiError) return undefined;
    throw error;
  }
};

const openPortal = (ctx: EmulatorContext, request: PageRequest): OpenPortal | undefined => {
  const session = ctx.state.portalSessions[request.pathParams.id ?? ''];
  const configuration = session === undefined ? undefined : configurationOf(ctx, session);
  return session === undefined || configuration === undefined ? undefined : { session, configuration };
};

/** The configuration's prices a subscription may switch to: active, recurring, in its currency, not its own. */
const switchOptions = (
  ctx: EmulatorContext,
  configuration: PortalConfiguration,
  subscription: Subscription,
) => {
  const update = configuration.features.subscription_update;
  if (!update.enabled || !update.default_allowed_updates.includes('price')) return [];
  const current = subscription.items.data[0]?.price;
  const scheduled = scheduledPriceOf(ctx, subscription);
  return update.products
    .flatMap((product) => product.prices)
    .map((id) => ctx.state.prices[id])
    .filter((price): price is Price => price !== undefined && price.active && price.recurring !== null)
    .filter((price) => price.currency === subscription.currency && price.id !== current?.id)
    .filter((price) => price.id !== scheduled?.id)
    .sort((a, b) => a.unit_amount - b.unit_amount);
};

const entryOf =
  (ctx: EmulatorContext, configuration: PortalConfiguration) =>
  (subscription: Subscription): PortalSubscription => ({
    subscription,
    scheduled: scheduledPriceOf(ctx, subscription),
    options: switchOptions(ctx, configuration, subscription),
  });

const switchRules = ({ features }: PortalConfiguration): SwitchRules => ({
  scheduleAtPeriodEnd: features.subscription_update.schedule_at_period_end.conditions.map((c) => c.type),
  prorationBehavior: features.subscription_update.proration_behavior,
  trialUpdateBehavior: features.subscription_update.trial_update_behavior,
});

const notFound = (request: PageRequest, what: string) => sendHtml(request.res, 404, notFoundPage(what));

export const showPortal: PageHandler = (ctx, request) => {
  const portal = openPortal(ctx, request);
  if (portal === undefined) return notFound(request, 'This billing portal session');
  const { session, configuration } = portal;
  const invoices = Object.values(ctx.state.invoices)
    .filter((invoice) => invoice.customer === session.customer)
    .reverse();
  const entries = subscriptionsOf(ctx, session.customer).map(entryOf(ctx, configuration));
  sendHtml(request.res, 200, portalPage({ session, configuration, entries, invoices }));
};

/** The subscription a form acts on: it must be the session's customer's. */
const portalSubscription = (ctx: EmulatorContext, request: PageRequest) => {
  const portal = openPortal(ctx, request);
  const subscription = ctx.state.subscriptions[request.pathParams.subscription ?? ''];
  if (portal === undefined || subscription?.customer !== portal.session.customer) return undefined;
  return { ...portal, subscription };
};

export const switchPlan: PageHandler = (ctx, request) => {
  const found = portalSubscription(ctx, request);
  if (found === undefined) return notFound(request, 'This subscription');
  const { session, configuration, subscription } = found;
  const price = ctx.state.prices[request.form.get('price') ?? ''];
  if (price === undefined || !switchOptions(ctx, configuration, subscription).includes(price)) {
    return notFound(request, 'This plan');
  }
  switchPrice(ctx, subscription, price, switchRules(configuration));
  redirect(request.res, `/p/session/${session.id}`);
};

export const cancelPlan: PageHandler = (ctx, request) => {
  const found = portalSubscription(ctx, request);
  const cancel = found?.configuration.features.subscription_cancel;
  if (found === undefined || !cancel?.enabled) return notFound(request, 'This subscription');
  if (cancel.mode === 'immediately') {
    if (found.subscription.status !== 'canceled') endSubscription(ctx, found.subscription);
  } else {
    cancelAtPeriodEnd(ctx, found.subscription);
  }
  redirect(request.res, `/p/session/${found.session.id}`);
};
