/** Billing: the customer portal session and subscription cancellation (portal and API). */
import type { EmulatorContext } from '../context';
import { invalidRequest, resourceMissing } from '../errors';
import { newId } from '../ids';
import type { Params } from '../params';
import { unixNow } from '../webhooks/signing';
import { sessionConfiguration } from './portal-configurations';
import type { PortalSession, Subscription } from './types';
import { requireUrl } from './validate';

/** A portal session follows the configuration it names, or the account's default one. */
export const createPortalSession = (ctx: EmulatorContext, params: Params): PortalSession => {
  const customer = params.string('customer');
  const returnUrl = params.optionalString('return_url');
  const configurationId = params.optionalString('configuration');
  params.ignore('flow_data', 'locale', 'on_behalf_of');
  params.assertNoUnknown();
  if (ctx.state.customers[customer] === undefined) throw resourceMissing('customer', customer, 'customer');
  const configuration = sessionConfiguration(ctx, configurationId);
  const id = newId('portalSession');
  const session: PortalSession = {
    id,
    object: 'billing_portal.session',
    configuration: configuration.id,
    customer,
    return_url: returnUrl === undefined ? null : requireUrl(returnUrl, 'return_url'),
    url: `${ctx.publicUrl}/p/session/${id}`,
    created: unixNow(),
    livemode: false,
  };
  ctx.state.portalSessions[id] = session;
  ctx.store.changed();
  return session;
};

export const subscriptionsOf = (ctx: EmulatorContext, customer: string): Subscription[] =>
  Object.values(ctx.state.subscriptions).filter((subscription) => subscription.customer === customer);

export const requireSubscription = (ctx: EmulatorContext, id: string): Subscription => {
  const subscription = ctx.state.subscriptions[id];
  if (subscription === undefined) throw resourceMissing('subscription', id);
  return subscription;
};

/** The portal's default: the subscription stays active until the end of the paid period. */
export const cancelAtPeriodEnd = (ctx: EmulatorContext, subscription: Subscription): void => {
  if (subscription.status === 'canceled' || subscription.cancel_at_period_end) return;
  subscription.cancel_at_period_end = true;
  subscription.canceled_at = unixNow();
  ctx.store.changed();
  ctx.emit('customer.subscription.updated', subscription, {
    previousAttributes: { cancel_at_period_end: false, canceled_at: null },
  });
};

/** Ends a subscription now (the API's cancel, or the portal's when it cancels immediately). */
export const endSubscription = (ctx: EmulatorContext, subscription: Subscription): Subscription => {
  if (subscription.status === 'canceled') {
    throw invalidRequest(
      `A canceled subscription can only update its cancellation_details and metadata.`,
      'id',
    );
  }
  const now = unixNow();
  subscription.status = 'canceled';
  subscription.canceled_at ??= now;
  subscription.ended_at = now;
  ctx.store.changed();
  ctx.emit('customer.subscription.deleted', subscription);
  return subscription;
};

/** `DELETE /v1/subscriptions/:id`: ends the subscription now. */
export const cancelSubscriptionNow = (ctx: EmulatorContext, id: string, params: Params): Subscription => {
  params.ignore('invoice_now', 'prorate', 'cancellation_details');
  params.assertNoUnknown();
  return endSubscription(ctx, requireSubscription(ctx, id));
};

/** `POST /v1/subscriptions/:id`: the metadata (what apps set after Checkout); other changes go through the portal. */
export const updateSubscription = (ctx: EmulatorContext, id: string, params: Params): Subscription => {
  const metadata = params.has('metadata') ? params.metadata() : undefined;
  params.ignore('expand');
  params.assertNoUnknown();
  const subscription = requireSubscription(ctx, id);
  if (metadata === undefined) return subscription;
  const previous = { ...subscription.metadata };
  subscription.metadata = { ...subscription.metadata, ...metadata };
  ctx.store.changed();
  ctx.emit('customer.subscription.updated', subscription, { previousAttributes: { metadata: previous } });
  return subscription;
};
