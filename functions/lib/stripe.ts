/**
 * One Stripe client for the process, imported lazily (the SDK is large and only paid paths need it).
 * Locally STRIPE_API_URL points it at the Stripe emulator; in AWS it talks to api.stripe.com.
 */
import type Stripe from 'stripe';
import { stripeEnv } from './env';

let client: Promise<Stripe> | undefined;

export function stripe(): Promise<Stripe> {
  client ??= import('stripe').then(({ default: StripeSdk }) => {
    const { STRIPE_SECRET_KEY, STRIPE_API_URL } = stripeEnv();
    const api = STRIPE_API_URL ? new URL(STRIPE_API_URL) : undefined;
    return new StripeSdk(STRIPE_SECRET_KEY, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      ...(api && {
        host: api.hostname,
        port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
        protocol: api.protocol === 'https:' ? 'https' : 'http',
      }),
    });
  });
  return client;
}
