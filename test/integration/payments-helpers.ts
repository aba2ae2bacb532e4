/**
 * Helpers for the payments integration tests: the real SDK against the emulator, its controls, webhooks
 * signed as Stripe signs them (with the secret of the endpoint that would carry them), waiting for GET
 * /users or an order to show a state, and sellers' connected accounts.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { beforeAll } from 'vitest';
import { LOCAL_SECRETS } from '@shutterlane/local-stack/config';
import { TEST_CARDS } from '@shutterlane/stripe-emulator/testing';
import { getOrder, type OrderRecord } from '../../functions/domains/orders/order-store';
import { getUser } from '../../functions/domains/sellers/seller-store';
import { readCounterMonths, totalsByCurrency } from '../../functions/domains/orders/sales-counter-store';
import { galleryScope, publicGalleryScope } from '../../functions/domains/orders/sales-counters';
import { addFigures, emptyFigures, type SalesFigures } from '#shared/rules/sales-figures';
import type { User } from '#shared/schemas/user';
import type { TestStack } from '@shutterlane/harness/local-stack';
import { checkoutCalls, freshOrder } from './checkout-helpers';
import { call, demoSeller, type Seller } from '@shutterlane/harness/seller-tools-helpers';

export const stripeOf = (env: TestStack): Stripe => {
  const { hostname, port } = new URL(env.stack.urls.stripe);
  return new Stripe(LOCAL_SECRETS.stripeSecretKey, { host: hostname, port: Number(port), protocol: 'http' });
};

export const control = async (env: TestStack, path: string, body?: object): Promise<void> => {
  const response = await fetch(`${env.stack.urls.stripe}/__control${path}`, {
    method: 'POST',
    ...(body && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`control ${path} answered ${response.status}: ${await response.text()}`);
};

export const currentUser = async (env: TestStack, seller: Seller): Promise<User> =>
  (await call(env, seller, 'GET', '/users')).body as unknown as User;

/** Polls `read` until `done` holds (webhooks arrive in the background); throws with the last value. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`Never reached the state: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls GET /users until `done` holds. */
export const waitForUser = (
  env: TestStack,
  seller: Seller,
  done: (user: User) => boolean,
  timeoutMs = 10_000,
): Promise<User> => eventually(() => currentUser(env, seller), done, timeoutMs);

/** Polls the stored order until `done` holds. */
export const waitForOrder = (
  orderId: string,
  done: (order: OrderRecord | undefined) => boolean,
  timeoutMs?: number,
): Promise<OrderRecord | undefined> => eventually(() => getOrder(orderId), done, timeoutMs);

export interface WebhookSecrets {
  platform: string;
  connect: string;
}

/**
 * The signing secrets of the webhook endpoints the local stack made (as `npm run stripe:setup` does),
 * read back from the emulator as Stripe's Dashboard reveals them.
 */
export async function webhookSecrets(env: TestStack): Promise<WebhookSecrets> {
  const response = await fetch(`${env.stack.urls.stripe}/__control/webhook-endpoints`);
  const { data } = (await response.json()) as { data: { url: string; connect: boolean; secret: string }[] };
  const ours = data.filter((endpoint) => endpoint.url === `${env.demo.apiUrl}/webhooks/stripe`);
  const secretOf = (connect: boolean) => {
    const endpoint = ours.find((candidate) => candidate.connect === connect);
    if (!endpoint) throw new Error(`no ${connect ? 'Connect' : 'platform'} endpoint for the local stack`);
    return endpoint.secret;
  };
  return { platform: secretOf(false), connect: secretOf(true) };
}

/**
 * Posts a payload to our webhook, signed as Stripe signs it with the secret of the endpoint that carries
 * it (the Connect one for an event with `account`), or with the given secret.
 */
export async function deliverPayload(
  env: TestStack,
  payload: string,
  options: { secret?: string; timestamp?: number } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const secrets = await webhookSecrets(env);
  const onConnectedAccount = (JSON.parse(payload) as { account?: string }).account !== undefined;
  const signature = stripeOf(env).webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? (onConnectedAccount ? secrets.connect : secrets.platform),
    ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
  });
  const response = await fetch(`${env.demo.apiUrl}/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    body: Buffer.from(payload, 'utf8'),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Delivers an event to our webhook, signed as Stripe would send it; answers the status. */
export async function deliver(env: TestStack, event: object): Promise<number> {
  return (await deliverPayload(env, JSON.stringify(event, null, 2))).status;
}

/** Pays a Checkout Session on the emulator's hosted page by card, as a browser would. */
export async function payCheckout(
  url: string,
  card: string = TEST_CARDS.succeeds,
  email = 'customer@example.com',
): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payment_method: 'card', email, card_number: card }),
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

/** The connected account of an order's seller (direct charges are made on it). */
export async function sellerAccountOf(order: Pick<OrderRecord, 'sellerId'>): Promise<string> {
  const account = (await getUser(order.sellerId))?.stripeAccountId;
  if (!account) throw new Error(`seller ${order.sellerId} has no connected account`);
  return account;
}

/**
 * A new paid order of the demo seller, checked (its Checkout Session made on the seller's account) and
 * paid on the emulator's page with `card`; answers it once the webhook has fulfilled it and recorded
 * the payment's money.
 */
export async function payNewOrder(
  env: TestStack,
  options: { totalMinor?: number; card?: string; email?: string; publicId?: string } = {},
): Promise<{ order: OrderRecord; sessionId: string; account: string }> {
  const created = await freshOrder(env, {
    orderType: 'PAID_ORDER',
    totalMinor: options.totalMinor ?? 1500,
    ...(options.publicId && { publicId: options.publicId }),
  });
  const checked = await checkoutCalls(env).checkOrder(created.orderId);
  if (checked.status !== 200) throw new Error(`order check answered ${checked.status}`);
  await payCheckout(String(checked.body.stripeCheckoutUrl), options.card, options.email);
  const order = await waitForOrder(created.orderId, (o) => o?.status !== 'PENDING' && Boolean(o?.payment));
  if (!order) throw new Error('order vanished');
  return { order, sessionId: String(checked.body.sessionId), account: await sellerAccountOf(order) };
}

/** The demo seller's total sales as the dashboard counts them. */
export const salesOf = async (userId: string): Promise<number> =>
  (await getUser(userId))?.totalSalesMinor ?? 0;

/** A scope's sales counters added up over its months and currencies (read consistently: as stored now). */
export async function countedFigures(scope: string): Promise<SalesFigures> {
  const totals = totalsByCurrency(await readCounterMonths(scope, { consistent: true }));
  return [...totals.values()].reduce(addFigures, emptyFigures());
}

/** A public id of the test's own, so its public gallery's counters hold only its orders. */
export const testPublicId = (): string => `test-public-${randomUUID()}`;

/** The counters of an order's gallery and public gallery. */
export async function figuresOf(
  order: Pick<OrderRecord, 'galleryId' | 'publicId'>,
): Promise<{ gallery: SalesFigures; publicGallery: SalesFigures }> {
  return {
    gallery: await countedFigures(galleryScope(order.galleryId)),
    publicGallery: await countedFigures(publicGalleryScope(order.publicId ?? '')),
  };
}

/** What a step moved: the figures after less those before, field by field (zeros left out). */
export const movedBetween = (before: SalesFigures, after: SalesFigures): Partial<SalesFigures> =>
  Object.fromEntries(
    (Object.keys(after) as (keyof SalesFigures)[])
      .map((field) => [field, after[field] - before[field]] as const)
      .filter(([, moved]) => moved !== 0),
  );

/** What the payment tests of a file share: the customer's checkout calls and the demo seller, set before its tests. */
export interface PaymentsSuite {
  calls: ReturnType<typeof checkoutCalls>;
  seller: Seller;
}

export function usePaymentsSuite(env: TestStack): PaymentsSuite {
  const suite = {} as PaymentsSuite;
  beforeAll(async () => {
    suite.calls = checkoutCalls(env);
    suite.seller = await demoSeller(env);
  });
  return suite;
}
