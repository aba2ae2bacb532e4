/** The billing Lambda: the seller's subscription (Stripe Checkout in subscription mode, billing portal). */
import { groupHandler } from '../lib/http';

export const handler = groupHandler({
  subscriptionCheckout: () => import('./subscription-checkout'),
  billingPortal: () => import('./billing-portal'),
});
