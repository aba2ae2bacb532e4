import { requestBody, routeHandler } from '../lib/http';
import { receiveStripeWebhook } from './service';

// The signature covers the exact bytes Stripe sent (none: an empty body, which no signature matches).
export const handler = routeHandler('stripeWebhook', ({ event }) =>
  receiveStripeWebhook(requestBody(event) ?? Buffer.alloc(0), event.headers['stripe-signature']),
);
