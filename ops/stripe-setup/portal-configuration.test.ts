import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { PORTAL_RETURN_PATH } from '../../functions/billing/service';
import {
  isPlansPortal,
  portalDifferences,
  wantedPortalConfiguration,
  type PlanPortalPrice,
} from './portal-configuration';

const ORIGIN = 'https://shutterlane.com';
const PRICES: PlanPortalPrice[] = [
  { plan: 'basic', price: 'price_basic', product: 'prod_basic' },
  { plan: 'advanced', price: 'price_advanced', product: 'prod_advanced' },
];
const wanted = wantedPortalConfiguration(ORIGIN, PRICES);

/** The configuration Stripe answers after creating `wanted`. */
const asCreated = (
  fields: Partial<Stripe.BillingPortal.Configuration> = {},
): Stripe.BillingPortal.Configuration =>
  ({
    id: 'bpc_1',
    object: 'billing_portal.configuration',
    active: true,
    application: null,
    business_profile: {
      headline: 'Manage your Shutterlane plan',
      privacy_policy_url: `${ORIGIN}/privacy`,
      terms_of_service_url: `${ORIGIN}/terms`,
    },
    created: 1,
    default_return_url: `${ORIGIN}${PORTAL_RETURN_PATH}`,
    features: {
      customer_update: { allowed_updates: [], enabled: false },
      invoice_history: { enabled: true },
      payment_method_update: { enabled: true, payment_method_configuration: null },
      subscription_cancel: {
        cancellation_reason: { enabled: false, feedback_options: null, options: [] },
        enabled: true,
        mode: 'at_period_end',
        proration_behavior: 'none',
      },
      subscription_pause: { enabled: false, duration: { interval_options: [], type: 'indefinite' } },
      subscription_update: {
        billing_cycle_anchor: null,
        default_allowed_updates: ['price'],
        enabled: true,
        products: [
          {
            product: 'prod_advanced',
            prices: ['price_advanced'],
            adjustable_quantity: { enabled: false, maximum: null, minimum: 1 },
          },
          {
            product: 'prod_basic',
            prices: ['price_basic'],
            adjustable_quantity: { enabled: false, maximum: null, minimum: 1 },
          },
        ],
        proration_behavior: 'always_invoice',
        schedule_at_period_end: {
          conditions: [{ type: 'shortening_interval' }, { type: 'decreasing_item_amount' }],
        },
        trial_update_behavior: 'continue_trial',
      },
    },
    is_default: false,
    livemode: false,
    login_page: { enabled: false, url: null },
    metadata: { shutterlane_setup: 'portal-plans' },
    name: 'Shutterlane plans',
    updated: 1,
    ...fields,
  }) as Stripe.BillingPortal.Configuration;

describe('wantedPortalConfiguration', () => {
  it('switches between the plans’ prices: upgrades at once and invoiced, cheaper or shorter at the period end', () => {
    expect(wanted.features.subscription_update).toEqual({
      enabled: true,
      default_allowed_updates: ['price'],
      products: [
        { product: 'prod_basic', prices: ['price_basic'] },
        { product: 'prod_advanced', prices: ['price_advanced'] },
      ],
      proration_behavior: 'always_invoice',
      schedule_at_period_end: {
        conditions: [{ type: 'decreasing_item_amount' }, { type: 'shortening_interval' }],
      },
      trial_update_behavior: 'continue_trial',
    });
  });

  it('cancels at the period end, shows invoices and the card, not the customer’s details', () => {
    expect(wanted.features).toMatchObject({
      subscription_cancel: { enabled: true, mode: 'at_period_end', proration_behavior: 'none' },
      invoice_history: { enabled: true },
      payment_method_update: { enabled: true },
      customer_update: { enabled: false },
      subscription_pause: { enabled: false },
    });
  });

  it('links the site’s own pages and returns to the account page', () => {
    expect(wanted.business_profile).toMatchObject({
      privacy_policy_url: 'https://shutterlane.com/privacy',
      terms_of_service_url: 'https://shutterlane.com/terms',
    });
    expect(wanted.default_return_url).toBe(`https://shutterlane.com${PORTAL_RETURN_PATH}`);
  });
});

describe('portalDifferences', () => {
  it('finds nothing to change in the configuration that `wanted` made, in Stripe’s order', () => {
    expect(portalDifferences(asCreated(), wanted)).toEqual([]);
    expect(isPlansPortal(asCreated())).toBe(true);
    expect(isPlansPortal(asCreated({ metadata: {} }))).toBe(false);
  });

  it('names what drifted', () => {
    const drifted = asCreated({ active: false, default_return_url: 'https://old.test/account' });
    drifted.features.subscription_update.proration_behavior = 'none';
    drifted.features.subscription_cancel.mode = 'immediately';
    expect(portalDifferences(drifted, wanted)).toEqual([
      'active',
      'default_return_url',
      'subscription_cancel',
      'subscription_update',
    ]);
  });

  it('sees a new plan price as a change of the switchable products', () => {
    const newPrice = wantedPortalConfiguration(ORIGIN, [
      { plan: 'basic', price: 'price_basic_v2', product: 'prod_basic' },
    ]);
    expect(portalDifferences(asCreated(), newPrice)).toEqual(['subscription_update']);
  });
});
