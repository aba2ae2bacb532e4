/** Stripe's webhook: Stripe calls it, and the handler verifies its signature on the raw body. */
import * as z from 'zod/mini';
import { route } from '../route-def';

export const stripeWebhookRoutes = {
  stripeWebhook: route({
    method: 'POST',
    path: '/webhooks/stripe',
    caller: 'stripe',
    group: 'stripe-webhook',
    errors: [],
    response: z.object({ received: z.boolean() }),
  }),
} as const;
