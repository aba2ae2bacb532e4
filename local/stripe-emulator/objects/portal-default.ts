/**
 * The account's default billing portal configuration: in Stripe, the portal settings saved in the
 * Dashboard, which a portal session uses when it names no `configuration`. What a real account holds
 * there is whatever someone clicked, so the emulator is told (option `dashboardPortalSettings`):
 *
 * - `'none'`: never saved, as in a new account. A session without `configuration` is refused with
 *   Stripe's message, so code that relies on the Dashboard fails here as it would in production.
 * - `'plan-switching'` (default): saved to switch between the plans, as the deploy docs once asked
 *   by hand: invoice history, payment method update, cancel at the period end, and a switch among the
 *   recurring prices that have a lookup key (the plans) as they are when read (the app creates them on
 *   first use), upgrades at once with the proration invoiced, downgrades and shorter intervals at the
 *   period end, a trial kept across a switch. It stands for the Dashboard, so the API cannot change it.
 */
import type { EmulatorContext } from '../context';
import { invalidRequest } from '../errors';
import { newId } from '../ids';
import { unixNow } from '../webhooks/signing';
import { defaultFeatures } from './portal-features';
import type { PortalConfiguration, PortalProduct } from './types';

export type DashboardPortalSettings = 'plan-switching' | 'none';

export const PORTAL_SETTINGS_NOT_SAVED =
  'You can’t create a portal session in test mode until you save your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.';

const planProducts = (ctx: EmulatorContext): PortalProduct[] =>
  Object.values(ctx.state.prices)
    .filter((price) => price.active && price.lookup_key !== null && price.recurring !== null)
    .map((price) => ({
      product: price.product,
      prices: [price.id],
      adjustable_quantity: { enabled: false, maximum: null, minimum: 1 },
    }));

const identity = (ctx: EmulatorContext) => {
  if (ctx.state.dashboardPortalConfiguration === null) {
    ctx.state.dashboardPortalConfiguration = { id: newId('portalConfiguration'), created: unixNow() };
    ctx.store.changed();
  }
  return ctx.state.dashboardPortalConfiguration;
};

/** The default configuration as it reads now, or undefined when none was saved. */
export const dashboardConfiguration = (ctx: EmulatorContext): PortalConfiguration | undefined => {
  if (ctx.dashboardPortalSettings === 'none') return undefined;
  const { id, created } = identity(ctx);
  const features = defaultFeatures();
  return {
    id,
    object: 'billing_portal.configuration',
    active: true,
    application: null,
    business_profile: { headline: null, privacy_policy_url: null, terms_of_service_url: null },
    created,
    default_return_url: null,
    features: {
      ...features,
      invoice_history: { enabled: true },
      payment_method_update: { enabled: true, payment_method_configuration: null },
      subscription_cancel: { ...features.subscription_cancel, enabled: true },
      subscription_update: {
        ...features.subscription_update,
        enabled: true,
        default_allowed_updates: ['price'],
        products: planProducts(ctx),
        proration_behavior: 'always_invoice',
        schedule_at_period_end: {
          conditions: [{ type: 'decreasing_item_amount' }, { type: 'shortening_interval' }],
        },
        trial_update_behavior: 'continue_trial',
      },
    },
    is_default: true,
    livemode: false,
    login_page: { enabled: false, url: null },
    metadata: {},
    name: null,
    updated: created,
  };
};

export const isDashboardConfiguration = (ctx: EmulatorContext, id: string): boolean =>
  ctx.state.dashboardPortalConfiguration?.id === id && ctx.dashboardPortalSettings !== 'none';

export const dashboardConfigurationIsReadOnly = (id: string) =>
  invalidRequest(
    `The Stripe emulator's default configuration ${id} stands for the Dashboard's portal settings and cannot be updated through the API; create a configuration instead.`,
    'configuration',
  );
