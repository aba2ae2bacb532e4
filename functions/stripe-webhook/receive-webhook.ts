import { routeHandler, type HttpEvent } from '../lib/http';
import { receiveStripeWebhook } from './service';

/**
 * The exact bytes Stripe sent, which its signature covers. API Gateway passes a JSON body as text (UTF-8,
 * which Stripe's JSON is) and other bodies base64-encoded; both decode back to the original bytes.
 */
export function rawBody(event: Pick<HttpEvent, 'body' | 'isBase64Encoded'>): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}

export const handler = routeHandler('stripeWebhook', ({ event }) =>
  receiveStripeWebhook(rawBody(event), event.headers['stripe-signature']),
);
