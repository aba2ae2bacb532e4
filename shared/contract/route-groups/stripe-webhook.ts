/** Stripe's webhook: Stripe calls it, and the handler verifies its signature on the raw body. */
import * as z from 'zod/mini';
import { serverErrors } from '../../texts/errors';
import { answer } from '../error-answers';
import { STRIPE_UNAVAILABLE } from './common-answers';
import { route } from '../route-def';

export const stripeWebhookRoutes = {
  stripeWebhook: route({
    method: 'POST',
    path: '/webhooks/stripe',
    caller: 'stripe',
    group: 'stripe-webhook',
    errors: [
      answer(400, serverErrors.stripeSignatureMissing),
      answer(400, serverErrors.stripeSignatureInvalid),
      answer(409, serverErrors.webhookEventInProgress),
      STRIPE_UNAVAILABLE,
    ],
    response: z.object({ received: z.boolean() }),
  }),
} as const;
