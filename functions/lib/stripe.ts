/**
 * The Stripe adapter: one Stripe client for the process and the current secret key; services reach
 * Stripe through it (and stripe-call.ts) only. The SDK is imported lazily (it is large and only paid
 * paths need it); the key is read from Secrets Manager (cached, see secrets.ts) at each use, and a new
 * client is made only when the key has changed, so a rolled key is taken up without a redeploy. Locally STRIPE_API_URL points it at the Stripe emulator; in AWS it talks to
 * api.stripe.com.
 */
import type Stripe from 'stripe';
import { stripeEnv } from './env';
import { stripeSecretKey } from './secrets';

/**
 * Stripe's types (events, sessions, request options) for the services, which import nothing from the
 * SDK itself: every call goes through the client below.
 */
export type { Stripe };

let sdk: Promise<typeof Stripe> | undefined;
let current: { key: string; client: Stripe } | undefined;

export async function stripe(): Promise<Stripe> {
  const key = await stripeSecretKey();
  if (current?.key === key) return current.client;
  sdk ??= import('stripe').then((module) => module.default);
  const StripeSdk = await sdk;
  const { STRIPE_API_URL } = stripeEnv();
  const api = STRIPE_API_URL ? new URL(STRIPE_API_URL) : undefined;
  current = {
    key,
    client: new StripeSdk(key, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      ...(api && {
        host: api.hostname,
        port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
        protocol: api.protocol === 'https:' ? 'https' : 'http',
      }),
    }),
  };
  return current.client;
}
