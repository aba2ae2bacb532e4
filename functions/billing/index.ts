/**
 * The billing Lambda: the seller's subscription (Stripe Checkout in subscription mode, billing portal,
 * and the single-use reference for Stripe's pricing table).
 */
import { groupHandler } from '../lib/http';

export const handler = groupHandler('billing', {
  subscriptionCheckout: () => import('./subscription-checkout'),
  billingPortal: () => import('./billing-portal'),
  pricingTableReference: () => import('./pricing-table-reference'),
});
