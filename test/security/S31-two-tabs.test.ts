/**
 * S31: two tabs pay the same order. Both tabs' order checks hand out the one current Checkout Session,
 * and replacing a session that is about to end expires it through Stripe first, so the product never
 * makes two payable sessions. A second payment can still reach Stripe (a session that escaped expiry: a
 * lost race whose expire call failed, a payment already in flight); here it is a second session of the
 * order made on the seller's account with the product's own parameters, as the product would have made
 * it. Whichever is paid, the order is fulfilled once by its current session and the other payment is
 * refunded in full automatically (reason `duplicate`, our fee returned), noted for the seller, and the
 * dashboard counts the sale once.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamo, tableName } from '../../functions/lib/dynamo';
import { getOrder, type OrderRecord } from '../../functions/domains/orders/order-store';
import { checkoutSessionParams } from '../../functions/public-orders/checkout-session-params';
import { SellerOrder } from '#shared/schemas/order';
import { checkoutCalls, freshOrder } from '../integration/checkout-helpers';
import {
  eventually,
  payCheckout,
  salesOf,
  sellerAccountOf,
  stripeOf,
  waitForOrder,
} from '../integration/payments-helpers';
import { call, demoSeller, type Seller } from '@shutterlane/harness/seller-tools-helpers';
import { useTestStack } from '@shutterlane/harness/local-stack';

let seller: Seller;

const env = useTestStack();
beforeAll(async () => {
  seller = await demoSeller(env);
});

/** An order checked in two tabs: both get the order's one current session. */
async function checkedInTwoTabs() {
  const order = await freshOrder(env, { orderType: 'PAID_ORDER', totalMinor: 1500 });
  const calls = checkoutCalls(env);
  const [first, second] = await Promise.all([
    calls.checkOrder(order.orderId),
    calls.checkOrder(order.orderId),
  ]);
  expect(first.status).toBe(200);
  expect(second.body.sessionId).toBe(first.body.sessionId);
  const stored = (await getOrder(order.orderId))!;
  return {
    order: stored,
    current: { id: String(first.body.sessionId), url: String(first.body.stripeCheckoutUrl) },
  };
}

/** Another session of the order on the seller's account, with the parameters the product uses. */
async function escapedSession(order: OrderRecord) {
  const account = await sellerAccountOf(order);
  const session = await stripeOf(env).checkout.sessions.create(
    checkoutSessionParams(order, env.demo.appUrl, new Date()),
    { stripeAccount: account },
  );
  return { id: session.id, url: session.url ?? '', account };
}

/** The refunds of a payment intent on the account, as the seller's Stripe Dashboard lists them. */
const refundsOf = async (account: string, paymentIntentId: string) =>
  (await stripeOf(env).refunds.list({ payment_intent: paymentIntentId }, { stripeAccount: account })).data;

async function paymentIntentOf(account: string, sessionId: string): Promise<string> {
  const session = await stripeOf(env).checkout.sessions.retrieve(sessionId, {}, { stripeAccount: account });
  return String(session.payment_intent);
}

describe('S31 two tabs pay the same order', () => {
  it('replaces a session about to end only after expiring it through Stripe, so it cannot be paid', async () => {
    const { order, current } = await checkedInTwoTabs();
    // 25 minutes later: the session has under 5 minutes left, so the next check replaces it.
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('orders'),
        Key: { orderId: order.orderId },
        UpdateExpression: 'SET checkoutExpiresAt = :soon',
        ExpressionAttributeValues: { ':soon': new Date(Date.now() + 60_000).toISOString() },
      }),
    );
    const replaced = await checkoutCalls(env).checkOrder(order.orderId);
    expect(replaced.status).toBe(200);
    expect(replaced.body.sessionId).not.toBe(current.id);
    const old = await stripeOf(env).checkout.sessions.retrieve(
      current.id,
      {},
      { stripeAccount: await sellerAccountOf(order) },
    );
    expect(old.status).toBe('expired');
    await expect(payCheckout(current.url)).rejects.toThrow();
  });

  it('keeps the current session’s payment and refunds the other automatically, once, telling the seller', async () => {
    const { order, current } = await checkedInTwoTabs();
    const salesBefore = await salesOf(order.sellerId);
    const other = await escapedSession(order);

    // The second tab pays first: not the order's session, so it is refunded, and the order still waits.
    await payCheckout(other.url);
    const otherPayment = await paymentIntentOf(other.account, other.id);
    const [refund] = await eventually(
      () => refundsOf(other.account, otherPayment),
      (refunds) => refunds.length > 0,
    );
    expect(refund).toMatchObject({
      amount: 1500,
      status: 'succeeded',
      reason: 'duplicate',
      metadata: { orderId: order.orderId, checkoutSessionId: other.id },
    });
    expect((await getOrder(order.orderId))?.status).toBe('PENDING');

    // The first tab pays the order's session: kept, the order fulfilled by it.
    await payCheckout(current.url);
    const paid = await waitForOrder(order.orderId, (o) => o?.status === 'FULFILLED' && Boolean(o.payment));
    expect(paid).toMatchObject({ paidCheckoutSessionId: current.id });
    expect(await refundsOf(other.account, paid?.paymentIntentId ?? '')).toEqual([]);
    // Our application fee went back with the duplicate: the refund costs Shutterlane nothing.
    const charge = await stripeOf(env).charges.retrieve(
      String(refund?.charge),
      { expand: ['application_fee'] },
      { stripeAccount: other.account },
    );
    expect(charge).toMatchObject({ refunded: true, application_fee: { refunded: true } });

    const view = SellerOrder.parse((await call(env, seller, 'GET', `/orders/${order.orderId}`)).body);
    expect(view).toMatchObject({ status: 'FULFILLED', duplicatePaymentsRefunded: 1, refunded: 0 });
    await eventually(
      () => salesOf(order.sellerId),
      (sales) => sales === salesBefore + 1500,
    );
  });

  it('refunds a payment made after the order was paid, however often Stripe reports it', async () => {
    const { order, current } = await checkedInTwoTabs();
    const other = await escapedSession(order);
    await payCheckout(current.url);
    await waitForOrder(order.orderId, (o) => o?.status === 'FULFILLED');
    await payCheckout(other.url);
    const otherPayment = await paymentIntentOf(other.account, other.id);
    await eventually(
      () => refundsOf(other.account, otherPayment),
      (refunds) => refunds.length === 1,
    );
    const completed = (
      await stripeOf(env).events.list({ type: 'checkout.session.completed', limit: 100 })
    ).data.find((event) => (event.data.object as { id: string }).id === other.id);
    for (let i = 0; i < 3; i++) {
      const resent = await fetch(`${env.stack.urls.stripe}/__control/events/${completed?.id}/resend`, {
        method: 'POST',
      });
      expect(resent.ok).toBe(true);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await refundsOf(other.account, otherPayment)).toHaveLength(1);
    const stored = await getOrder(order.orderId);
    expect(stored).toMatchObject({ status: 'FULFILLED', paidCheckoutSessionId: current.id });
    expect([...(stored?.duplicatePaymentsRefunded ?? [])]).toEqual([otherPayment]);
  });
});
