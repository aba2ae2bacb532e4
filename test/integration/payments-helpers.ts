/**
 * Helpers for the payments integration tests: the real SDK against the emulator, its controls, webhooks
 * signed as Stripe signs them, and waiting for GET /users to show a state.
 */
import Stripe from 'stripe';
import { LOCAL_SECRETS } from '../../local/config';
import { stripeWebhookEnv } from '../../functions/lib/env';
import type { User } from '../../shared/schemas/user';
import type { TestStack } from '../support/local-stack';
import { call, type Seller } from './seller-tools-helpers';

export const stripeOf = (env: TestStack): Stripe => {
  const { hostname, port } = new URL(env.stack.urls.stripe);
  return new Stripe(LOCAL_SECRETS.stripeSecretKey, { host: hostname, port: Number(port), protocol: 'http' });
};

export const control = async (env: TestStack, path: string): Promise<void> => {
  const response = await fetch(`${env.stack.urls.stripe}/__control${path}`, { method: 'POST' });
  if (!response.ok) throw new Error(`control ${path} answered ${response.status}: ${await response.text()}`);
};

export const currentUser = async (env: TestStack, seller: Seller): Promise<User> =>
  (await call(env, seller, 'GET', '/users')).body as unknown as User;

/** Polls GET /users until `done` holds (webhooks arrive in the background). */
export async function waitForUser(
  env: TestStack,
  seller: Seller,
  done: (user: User) => boolean,
  timeoutMs = 10_000,
): Promise<User> {
  const until = Date.now() + timeoutMs;
  let user = await currentUser(env, seller);
  while (!done(user)) {
    if (Date.now() > until) throw new Error(`User never reached the state: ${JSON.stringify(user)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    user = await currentUser(env, seller);
  }
  return user;
}

/** Delivers an event to our webhook, signed with the local secret (as Stripe would send it). */
export async function deliver(env: TestStack, event: object): Promise<number> {
  const payload = JSON.stringify(event, null, 2);
  const signature = stripeOf(env).webhooks.generateTestHeaderString({
    payload,
    secret: stripeWebhookEnv().STRIPE_WEBHOOK_SECRET,
  });
  const response = await fetch(`${env.demo.apiUrl}/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  await response.arrayBuffer();
  return response.status;
}

/** Pays a Checkout Session on the emulator's hosted page as a browser would. */
export async function payCheckout(url: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'ignored@example.com', card_number: '4242 4242 4242 4242' }),
    redirect: 'manual',
  });
  if (response.status !== 303) throw new Error(`checkout page answered ${response.status}`);
}

/** Presses a button of a hosted form page (portal, onboarding). */
export async function submitForm(url: string, fields: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
}
