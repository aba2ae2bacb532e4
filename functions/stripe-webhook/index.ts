/** The stripe-webhook Lambda: Stripe's signed events (caller 'stripe', no JWT). */
import { groupHandler } from '../lib/http';

export const handler = groupHandler('stripe-webhook', {
  stripeWebhook: () => import('./receive-webhook'),
});
