/**
 * Helpers of the cases where a payment cannot deliver what it paid for (S34-S36, S38): the refunds Stripe
 * holds for a payment intent, a genuine completed event delivered many times at once and retried until
 * acknowledged (as Stripe retries), and an order changed behind the product's back (its amount, its end,
 * its removal) while its customer was paying.
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { expect } from 'vitest';
import { dynamo, tableName } from '../../../functions/lib/dynamo';
import { stripeOf } from '../../integration/payments-helpers';
import type { TestStack } from '@shutterlane/harness/local-stack';
import {
  deliverSigned,
  eventOf,
  payWithoutDelivery,
  type Delivery,
  type PendingPayment,
} from './stripe-cases';

/** Stripe's refunds of a payment intent on a connected account, or (undefined) on the platform. */
export async function refundsOf(
  env: TestStack,
  account: string | undefined,
  paymentIntentId: string,
): Promise<Stripe.Refund[]> {
  const list = await stripeOf(env).refunds.list(
    { payment_intent: paymentIntentId },
    account ? { stripeAccount: account } : {},
  );
  return list.data;
}

/** The payment intent of a paid Checkout Session, as Stripe holds it. */
export async function paymentIntentOf(
  env: TestStack,
  account: string | undefined,
  sessionId: string,
): Promise<string> {
  const session = await stripeOf(env).checkout.sessions.retrieve(
    sessionId,
    {},
    account ? { stripeAccount: account } : {},
  );
  return String(session.payment_intent);
}

/**
 * Delivers `payload` `times` times at once, then once more for each delivery told to retry, as Stripe
 * retries any non-2xx: every answer is 200 or 409 (never a 5xx or a 4xx that drops the event), and the
 * retries end acknowledged. Answers the first round's answers.
 */
export async function deliverConcurrently(env: TestStack, payload: string, times = 10): Promise<Delivery[]> {
  const answers = await Promise.all(Array.from({ length: times }, () => deliverSigned(env, payload)));
  const statuses = answers.map((answer) => answer.status);
  expect(
    statuses.filter((status) => status !== 200 && status !== 409),
    statuses.join(),
  ).toEqual([]);
  const retried = answers.filter((answer) => answer.status !== 200).length;
  for (let retry = 0; retry < retried; retry++) expect((await deliverSigned(env, payload)).status).toBe(200);
  return answers;
}

/** Sets fields of a stored order directly, as another writer would meanwhile. */
export async function changeStoredOrder(orderId: string, set: Record<string, unknown>): Promise<void> {
  const names = Object.fromEntries(Object.keys(set).map((name) => [`#${name}`, name]));
  const values = Object.fromEntries(Object.entries(set).map(([name, value]) => [`:${name}`, value]));
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('orders'),
      Key: { orderId },
      UpdateExpression: `SET ${Object.keys(set)
        .map((name) => `#${name} = :${name}`)
        .join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/** Removes a stored order, as an operator's clean-up (or a restore from an older backup) would. */
export async function removeStoredOrder(orderId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName('orders'), Key: { orderId } }));
}

/**
 * The payment was refunded in full exactly once, on the account that holds it, with `metadata` (the
 * application fee returned on a direct charge): Stripe's charge says refunded, with one refund.
 */
export async function expectRefundedOnce(
  env: TestStack,
  account: string | undefined,
  paymentIntentId: string,
  amount: number,
): Promise<Stripe.Refund> {
  const refunds = await refundsOf(env, account, paymentIntentId);
  expect(refunds).toHaveLength(1);
  const [refund] = refunds;
  expect(refund).toMatchObject({ amount, status: 'succeeded' });
  const charge = await stripeOf(env).charges.retrieve(
    String(refund!.charge),
    account ? { expand: ['application_fee'] } : {},
    account ? { stripeAccount: account } : {},
  );
  expect(charge).toMatchObject({ refunded: true, amount_refunded: amount });
  if (account) expect(charge).toMatchObject({ application_fee: { refunded: true } });
  return refund!;
}

/**
 * A payment made with the webhooks paused, then `meanwhile` done to its order, then its completed event
 * delivered ten times at once and once more later. Answers the payment and its payment intent.
 */
export async function payThenDeliverAfter(
  env: TestStack,
  totalMinor: number,
  meanwhile: (orderId: string) => Promise<void>,
): Promise<{ payment: PendingPayment; paymentIntentId: string }> {
  const payment = await payWithoutDelivery(env, { totalMinor });
  await meanwhile(payment.order.orderId);
  const payload = eventOf(payment.events, 'checkout.session.completed');
  await deliverConcurrently(env, payload, 10);
  expect((await deliverSigned(env, payload)).status).toBe(200);
  return { payment, paymentIntentId: await paymentIntentOf(env, payment.account, payment.sessionId) };
}
