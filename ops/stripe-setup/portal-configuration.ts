/**
 * The billing portal configuration the plan rules rely on (docs/decisions.md, "Starting and changing
 * a plan"): a seller switches between the plans' prices, an upgrade applies at once with the
 * proration invoiced and paid at once, a cheaper plan (or a shorter interval) waits for the period
 * end, a switch keeps a free trial running; cancelling waits for the period end; invoices and the card
 * can be managed there, the customer's details cannot (Shutterlane owns the seller's email).
 * The business profile's links point at the site's own pages.
 */
import type Stripe from 'stripe';
import { PORTAL_RETURN_PATH } from '../../functions/billing/service';
import type { PlanId } from '#shared/rules/plans';
import { SETUP_MARK } from './webhook-endpoints';
import { PORTAL_MARK } from '../../functions/billing/portal-configuration';

export { PORTAL_MARK };

/** The SPA's legal pages (web/src/app routes). */
const PRIVACY_PATH = '/privacy';
const TERMS_PATH = '/terms';

export interface PlanPortalPrice {
  plan: PlanId;
  price: string;
  product: string;
}

type ConfigurationParams = Stripe.BillingPortal.ConfigurationCreateParams;

export const wantedPortalConfiguration = (
  siteOrigin: string,
  prices: readonly PlanPortalPrice[],
): ConfigurationParams => ({
  name: 'Shutterlane plans',
  business_profile: {
    headline: 'Manage your Shutterlane plan',
    privacy_policy_url: `${siteOrigin}${PRIVACY_PATH}`,
    terms_of_service_url: `${siteOrigin}${TERMS_PATH}`,
  },
  default_return_url: `${siteOrigin}${PORTAL_RETURN_PATH}`,
  features: {
    customer_update: { enabled: false },
    invoice_history: { enabled: true },
    payment_method_update: { enabled: true },
    subscription_cancel: { enabled: true, mode: 'at_period_end', proration_behavior: 'none' },
    subscription_pause: { enabled: false },
    subscription_update: {
      enabled: true,
      default_allowed_updates: ['price'],
      products: prices.map(({ product, price }) => ({ product, prices: [price] })),
      proration_behavior: 'always_invoice',
      schedule_at_period_end: {
        conditions: [{ type: 'decreasing_item_amount' }, { type: 'shortening_interval' }],
      },
      trial_update_behavior: 'continue_trial',
    },
  },
  metadata: { [SETUP_MARK]: PORTAL_MARK },
});

/** What this command sets, in one comparable shape for a configuration and for the wanted parameters. */
interface PortalSummary {
  active: boolean;
  name: string | null;
  business_profile: string;
  default_return_url: string | null;
  customer_update: boolean;
  invoice_history: boolean;
  payment_method_update: boolean;
  subscription_cancel: string;
  subscription_pause: boolean;
  subscription_update: string;
}

const sorted = (values: readonly string[]) => [...values].sort().join(',');

const productsKey = (products: readonly { product: string; prices: readonly string[] }[]) =>
  sorted(products.map(({ product, prices }) => `${product}:${sorted(prices)}`));

const summaryOfConfiguration = (c: Stripe.BillingPortal.Configuration): PortalSummary => {
  const { features: f, business_profile: profile } = c;
  const update = f.subscription_update;
  return {
    active: c.active,
    name: c.name,
    business_profile: [profile.headline, profile.privacy_policy_url, profile.terms_of_service_url].join('|'),
    default_return_url: c.default_return_url,
    customer_update: f.customer_update.enabled,
    invoice_history: f.invoice_history.enabled,
    payment_method_update: f.payment_method_update.enabled,
    subscription_cancel: [
      f.subscription_cancel.enabled,
      f.subscription_cancel.mode,
      f.subscription_cancel.proration_behavior,
    ].join('|'),
    subscription_pause: f.subscription_pause.enabled,
    subscription_update: [
      update.enabled,
      sorted(update.default_allowed_updates),
      productsKey(update.products ?? []),
      update.proration_behavior,
      sorted(update.schedule_at_period_end.conditions.map((condition) => condition.type)),
      update.trial_update_behavior,
    ].join('|'),
  };
};

/** The wanted parameters read as the configuration they make (every field here is set by wantedPortalConfiguration). */
const summaryOfParams = (p: ConfigurationParams): PortalSummary => {
  const f = p.features;
  const update = f.subscription_update;
  const products = Array.isArray(update?.products) ? update.products : [];
  const allowed = Array.isArray(update?.default_allowed_updates) ? update.default_allowed_updates : [];
  return {
    active: true,
    name: typeof p.name === 'string' ? p.name : null,
    business_profile: [
      p.business_profile?.headline,
      p.business_profile?.privacy_policy_url,
      p.business_profile?.terms_of_service_url,
    ].join('|'),
    default_return_url: typeof p.default_return_url === 'string' ? p.default_return_url : null,
    customer_update: f.customer_update?.enabled ?? false,
    invoice_history: f.invoice_history?.enabled ?? false,
    payment_method_update: f.payment_method_update?.enabled ?? false,
    subscription_cancel: [
      f.subscription_cancel?.enabled,
      f.subscription_cancel?.mode,
      f.subscription_cancel?.proration_behavior,
    ].join('|'),
    subscription_pause: f.subscription_pause?.enabled ?? false,
    subscription_update: [
      update?.enabled,
      sorted(allowed),
      productsKey(products),
      update?.proration_behavior,
      sorted(update?.schedule_at_period_end?.conditions?.map((condition) => condition.type) ?? []),
      update?.trial_update_behavior,
    ].join('|'),
  };
};

/** The names of what differs between an existing configuration and the wanted one; empty when nothing does. */
export const portalDifferences = (
  existing: Stripe.BillingPortal.Configuration,
  wanted: ConfigurationParams,
): string[] => {
  const have = summaryOfConfiguration(existing);
  const want = summaryOfParams(wanted);
  return (Object.keys(want) as (keyof PortalSummary)[]).filter((key) => have[key] !== want[key]);
};

export const isPlansPortal = (configuration: Stripe.BillingPortal.Configuration): boolean =>
  configuration.metadata?.[SETUP_MARK] === PORTAL_MARK;
