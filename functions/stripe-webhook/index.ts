/** The stripe-webhook Lambda: Stripe's signed events (caller 'stripe', no JWT). */
import { groupHandler } from '../lib/http';

export const handler = groupHandler({
  stripeWebhook: () => import('./receive-webhook'),
});
