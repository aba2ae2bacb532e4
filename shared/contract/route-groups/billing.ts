/** The seller's subscription: plan checkout, the billing portal and the pricing table's reference. */
import { PricingTableReferenceResponse } from '../../schemas/billing';
import { Empty } from '../../schemas/common';
import {
  BillingPortalResponse,
  SubscriptionCheckoutBody,
  SubscriptionCheckoutResponse,
} from '../../schemas/connect';
import { paymentServerErrors } from '../../texts/payment-errors';
import { answer } from '../error-answers';
import { STRIPE_UNAVAILABLE, USER_NOT_FOUND } from './common-answers';
import { route } from '../route-def';

export const billingRoutes = {
  billingPortal: route({
    method: 'POST',
    path: '/billing/portal',
    caller: 'seller',
    minRole: 'owner',
    group: 'billing',
    errors: [USER_NOT_FOUND, answer(409, paymentServerErrors.noSubscriptionToManage), STRIPE_UNAVAILABLE],
    body: Empty,
    response: BillingPortalResponse,
  }),
  subscriptionCheckout: route({
    method: 'POST',
    path: '/billing/checkout',
    caller: 'seller',
    minRole: 'owner',
    group: 'billing',
    errors: [
      USER_NOT_FOUND,
      answer(409, paymentServerErrors.planCheckoutJustPaid),
      answer(409, paymentServerErrors.planCheckoutOpenedElsewhere),
      answer(409, paymentServerErrors.stripeUnavailable),
      STRIPE_UNAVAILABLE,
    ],
    body: SubscriptionCheckoutBody,
    response: SubscriptionCheckoutResponse,
  }),
  // The client reference Stripe's pricing table carries for a signed-in seller (single-use, expiring).
  pricingTableReference: route({
    method: 'POST',
    path: '/billing/pricing-table-reference',
    caller: 'seller',
    minRole: 'owner',
    group: 'billing',
    errors: [USER_NOT_FOUND, STRIPE_UNAVAILABLE],
    body: Empty,
    response: PricingTableReferenceResponse,
  }),
} as const;
