/** The seller's subscription: plan checkout, the billing portal and the pricing table's reference. */
import { PricingTableReferenceResponse } from '../../schemas/billing';
import { Empty } from '../../schemas/common';
import { BillingPortalResponse, SubscriptionCheckoutBody, SubscriptionCheckoutResponse } from '../../schemas/connect';
import { route } from '../route-def';

export const billingRoutes = {
  billingPortal: route({
    method: 'POST',
    path: '/billing/portal',
    caller: 'seller',
    group: 'billing',
    errors: [],
    body: Empty,
    response: BillingPortalResponse,
  }),
  subscriptionCheckout: route({
    method: 'POST',
    path: '/billing/checkout',
    caller: 'seller',
    group: 'billing',
    errors: [],
    body: SubscriptionCheckoutBody,
    response: SubscriptionCheckoutResponse,
  }),
  // The client reference Stripe's pricing table carries for a signed-in seller (single-use, expiring).
  pricingTableReference: route({
    method: 'POST',
    path: '/billing/pricing-table-reference',
    caller: 'seller',
    group: 'billing',
    errors: [],
    body: Empty,
    response: PricingTableReferenceResponse,
  }),
} as const;
