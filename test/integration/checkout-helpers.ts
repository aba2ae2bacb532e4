/** Helpers shared by the checkout and Stripe webhook integration tests (not a test file itself). */
import { newOrderId } from '../../functions/lib/ids';
import { newOrderExpiresAt } from '../../functions/domains/orders/order-rules';
import { createOrder, getOrder, type OrderRecord } from '../../functions/domains/orders/order-store';
import type { OutboxMessage } from '@shutterlane/aws-standins/mail/mail';
import { captchaToken, type TestStack } from '@shutterlane/harness/local-stack';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export async function postJson(url: string, body: unknown): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export function checkoutCalls(env: TestStack) {
  const token = (action: string) => captchaToken(env.stack.urls.captcha, action);
  const api = env.demo.apiUrl;
  return {
    token,
    checkOrder: async (orderId: string) =>
      postJson(`${api}/public/orders/${orderId}`, { captchaToken: await token('public_order_check') }),
    validate: async (orderId: string, customerEmail: string) =>
      postJson(`${api}/orders/${orderId}/validate-checkout`, {
        customerEmail,
        captchaToken: await token('validate_checkout'),
      }),
    complete: async (orderId: string, sessionId: string) =>
      postJson(`${api}/orders/${orderId}/complete-checkout`, {
        sessionId,
        captchaToken: await token('complete_checkout'),
      }),
    fulfilledPhotos: async (orderId: string) =>
      postJson(`${api}/public/orders/${orderId}/photos`, { captchaToken: await token('public_order_check') }),
  };
}

/**
 * A new order of the demo seller's gallery, so a test that fulfils or expires it leaves the shared demo
 * orders alone. `createdDaysAgo` places it in time (expiry is 30 days after creation).
 */
export async function freshOrder(
  env: TestStack,
  fields: Partial<OrderRecord> & { createdDaysAgo?: number } = {},
): Promise<OrderRecord> {
  const template = await getOrder(env.demo.orders.free.id);
  if (!template) throw new Error('demo free order missing');
  const { createdDaysAgo = 0, ...rest } = fields;
  const created = new Date(Date.now() - createdDaysAgo * DAY_MS);
  const order: OrderRecord = {
    orderId: newOrderId(),
    sellerId: template.sellerId,
    galleryId: template.galleryId,
    photoIds: template.photoIds,
    currency: 'GBP',
    totalMinor: 0,
    orderType: 'FREE_ORDER',
    status: 'PENDING',
    createdAt: created.toISOString(),
    expiresAt: newOrderExpiresAt(created),
    ...rest,
  };
  await createOrder(order);
  return order;
}

/**
 * A fresh free order through its email step: the order as read after it (the customer's email on it, as
 * complete-checkout reads it) and the free checkout session to complete it with.
 */
export async function validatedFreeOrder(
  env: TestStack,
  email: string,
): Promise<{ order: OrderRecord; sessionId: string }> {
  const fresh = await freshOrder(env);
  const validated = await checkoutCalls(env).validate(fresh.orderId, email);
  if (validated.status !== 200) throw new Error(`validate-checkout: ${JSON.stringify(validated.body)}`);
  const { sessionId } = validated.body.orderDetails as { sessionId: string };
  const order = await getOrder(fresh.orderId);
  if (!order) throw new Error('the validated order is missing');
  return { order, sessionId };
}

/** The outbox's messages to `address` (newest first). */
export async function mailTo(env: TestStack, address: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${env.stack.urls.mailbox}/api/messages`);
  const messages = (await response.json()) as OutboxMessage[];
  return messages.filter((message) => message.to.includes(address));
}

/** A unique address per test, so outbox counts are per test. */
export const uniqueEmail = (label: string): string =>
  `${label}.${Math.random().toString(36).slice(2, 10)}@example.com`;
