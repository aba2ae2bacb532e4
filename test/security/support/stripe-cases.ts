/**
 * Helpers of the payment cases (S01-S14): webhook deliveries with any signature, payments made on the
 * emulator's hosted page while our webhook endpoints are paused (so a test delivers the genuine events
 * itself, as often and as concurrently as it likes), the events Stripe recorded for a session, and a
 * probe that sees whether the product called Stripe at all.
 */
import type Stripe from 'stripe';
import { expect } from 'vitest';
import { getOrder, type OrderRecord } from '../../../functions/domains/orders/order-store';
import {
  callControl,
  clearFaults,
  planFault,
  submitBacsDebitPage,
  submitCheckoutPage,
} from '@shutterlane/stripe-emulator/testing';
import type { TestStack } from '@shutterlane/harness/local-stack';
import { checkoutCalls, freshOrder, mailTo, uniqueEmail } from '../../integration/checkout-helpers';
import { sellerAccountOf, stripeOf, webhookSecrets } from '../../integration/payments-helpers';

export interface Delivery {
  status: number;
  body: Record<string, unknown>;
}

export const webhookUrl = (env: TestStack): string => `${env.demo.apiUrl}/webhooks/stripe`;

/** Posts raw bytes to our webhook with exactly the given Stripe-Signature header (none if undefined). */
export async function postWebhook(
  env: TestStack,
  payload: string,
  signature: string | undefined,
): Promise<Delivery> {
  const response = await fetch(webhookUrl(env), {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature !== undefined && { 'stripe-signature': signature }),
    },
    body: Buffer.from(payload, 'utf8'),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/**
 * The Stripe-Signature header Stripe would send for `payload`: signed with the secret of the endpoint
 * that carries it (Connect for an event with `account`), or `secret`, at `timestamp` (seconds).
 */
export async function signatureFor(
  env: TestStack,
  payload: string,
  options: { secret?: string; timestamp?: number } = {},
): Promise<string> {
  const secrets = await webhookSecrets(env);
  const onAccount = (JSON.parse(payload) as { account?: string }).account !== undefined;
  return stripeOf(env).webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? (onAccount ? secrets.connect : secrets.platform),
    ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
  });
}

/** Delivers a payload signed as Stripe signs it (optionally at another time or with another secret). */
export async function deliverSigned(
  env: TestStack,
  payload: string,
  options: { secret?: string; timestamp?: number } = {},
): Promise<Delivery> {
  return postWebhook(env, payload, await signatureFor(env, payload, options));
}

/** Our webhook endpoints on the emulator (platform and Connect). */
async function ourEndpoints(env: TestStack): Promise<Stripe.WebhookEndpoint[]> {
  const list = await stripeOf(env).webhookEndpoints.list({ limit: 100 });
  return list.data.filter((endpoint) => endpoint.url === webhookUrl(env));
}

/**
 * Runs `work` with our webhook endpoints disabled, so Stripe records events without delivering them; the
 * test then delivers them itself. The endpoints are enabled again whatever happens.
 */
export async function withWebhooksPaused<T>(env: TestStack, work: () => Promise<T>): Promise<T> {
  const stripe = stripeOf(env);
  const endpoints = await ourEndpoints(env);
  if (endpoints.length === 0) throw new Error('no webhook endpoints of the local stack');
  await Promise.all(
    endpoints.map((endpoint) => stripe.webhookEndpoints.update(endpoint.id, { disabled: true })),
  );
  try {
    return await work();
  } finally {
    await Promise.all(
      endpoints.map((endpoint) => stripe.webhookEndpoints.update(endpoint.id, { disabled: false })),
    );
  }
}

/** The events Stripe recorded on `account` for a Checkout Session, oldest first, as delivered (JSON). */
export async function sessionEvents(
  env: TestStack,
  account: string,
  sessionId: string,
): Promise<Map<string, string>> {
  const events = await stripeOf(env).events.list({ limit: 100 }, { stripeAccount: account });
  const found = new Map<string, string>();
  for (const event of [...events.data].reverse()) {
    const object = event.data.object as { id?: string };
    if (object.id === sessionId && !found.has(event.type))
      found.set(event.type, JSON.stringify(event, null, 2));
  }
  return found;
}

export interface PendingPayment {
  order: OrderRecord;
  sessionId: string;
  account: string;
  email: string;
  /** The session's events Stripe recorded but did not deliver, by type (JSON payloads). */
  events: Map<string, string>;
}

/**
 * A paid order of the demo seller (or of `sellerId`), checked and paid on the emulator's page (by card,
 * or by Bacs Direct Debit with `bacs`) while the webhooks are paused: the order is still PENDING and the
 * genuine events are the test's to deliver.
 */
export async function payWithoutDelivery(
  env: TestStack,
  options: { sellerId?: string; bacs?: boolean; totalMinor?: number; email?: string; publicId?: string } = {},
): Promise<PendingPayment> {
  const order = await freshOrder(env, {
    orderType: 'PAID_ORDER',
    totalMinor: options.totalMinor ?? 1500,
    ...(options.sellerId && { sellerId: options.sellerId }),
    ...(options.publicId && { publicId: options.publicId }),
  });
  const email = options.email ?? uniqueEmail('payer');
  const checked = await checkoutCalls(env).checkOrder(order.orderId);
  if (checked.status !== 200)
    throw new Error(`order check: ${checked.status} ${JSON.stringify(checked.body)}`);
  const sessionId = String(checked.body.sessionId);
  const url = String(checked.body.stripeCheckoutUrl);
  const stored = await getOrder(order.orderId);
  const account = await sellerAccountOf(stored ?? order);
  await withWebhooksPaused(env, async () => {
    const paid = options.bacs
      ? await submitBacsDebitPage(url, { email })
      : await submitCheckoutPage(url, { email });
    if (paid.status !== 303) throw new Error(`checkout page answered ${paid.status}`);
  });
  return { order, sessionId, account, email, events: await sessionEvents(env, account, sessionId) };
}

/** Settles a Bacs Direct Debit payment with the webhooks paused; answers the session's events after it. */
export async function settleWithoutDelivery(
  env: TestStack,
  payment: PendingPayment,
  outcome: 'succeeded' | 'failed',
): Promise<Map<string, string>> {
  await withWebhooksPaused(env, () =>
    callControl(env.stack.urls.stripe, 'POST', `/checkout/sessions/${payment.sessionId}/settle`, { outcome }),
  );
  return sessionEvents(env, payment.account, payment.sessionId);
}

/** The event payload of `type`, or a failure naming what there was. */
export function eventOf(events: Map<string, string>, type: string): string {
  const payload = events.get(type);
  if (!payload) throw new Error(`no ${type} event; there were: ${[...events.keys()].join(', ')}`);
  return payload;
}

export const mailCount = async (env: TestStack, email: string): Promise<number> =>
  (await mailTo(env, email)).length;

/**
 * Sees whether the product calls Stripe: every API call (any method, any path under /v1 of up to six
 * segments) is planned to fail, and the plan's remaining counts tell whether one was made. Stop it
 * before anything that should call Stripe.
 */
export async function stripeCallProbe(
  env: TestStack,
): Promise<{ calls(): Promise<number>; stop(): Promise<void> }> {
  const PLANNED = 1_000_000;
  const paths = ['/v1/*', '/v1/*/*', '/v1/*/*/*', '/v1/*/*/*/*', '/v1/*/*/*/*/*', '/v1/*/*/*/*/*/*'];
  await clearFaults(env.stack.urls.stripe);
  for (const path of paths)
    await planFault(env.stack.urls.stripe, { method: '*', path, kind: 'error', count: PLANNED });
  return {
    calls: async () => {
      const { data } = (await callControl(env.stack.urls.stripe, 'GET', '/faults')) as {
        data: { remaining: number }[];
      };
      if (data.length !== paths.length) return Number.POSITIVE_INFINITY;
      return data.reduce((sum, fault) => sum + (PLANNED - fault.remaining), 0);
    },
    stop: async () => {
      await clearFaults(env.stack.urls.stripe);
    },
  };
}

/**
 * Runs `refusals` (deliveries the endpoint must refuse) and checks they changed nothing: no call to
 * Stripe while they ran, the order exactly as it was before, no email to the payer.
 */
export async function expectRefusedWithoutEffect(
  env: TestStack,
  payment: PendingPayment,
  refusals: () => Promise<void>,
): Promise<void> {
  const before = await getOrder(payment.order.orderId);
  const probe = await stripeCallProbe(env);
  try {
    await refusals();
    expect(await probe.calls()).toBe(0);
  } finally {
    await probe.stop();
  }
  expect(await getOrder(payment.order.orderId)).toEqual(before);
  expect(await mailCount(env, payment.email)).toBe(0);
}
