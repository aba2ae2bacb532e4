/**
 * S10: a correctly signed event of a type Shutterlane does not handle (on the platform and on a connected
 * account, naming an order): 2xx, and nothing changed: the order, the outbox, no Stripe call.
 */
import { describe, expect, it } from 'vitest';
import { getOrder } from '../../functions/domains/orders/order-store';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { freshOrder, mailTo } from '../integration/checkout-helpers';
import { deliverSigned, stripeCallProbe } from './support/stripe-cases';

const env = useTestStack();

const event = (type: string, object: object, account?: string) =>
  JSON.stringify(
    {
      id: `evt_s10_${type.replaceAll('.', '_')}_${Date.now()}`,
      object: 'event',
      api_version: '2025-01-27',
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      ...(account && { account }),
    },
    null,
    2,
  );

describe('S10 unknown event type', () => {
  it('is acknowledged with 2xx and changes nothing', async () => {
    const order = await freshOrder(env, {
      orderType: 'PAID_ORDER',
      totalMinor: 1500,
      customerEmail: 's10@example.com',
    });
    const before = await getOrder(order.orderId);
    const mailsBefore = (await mailTo(env, 's10@example.com')).length;
    const probe = await stripeCallProbe(env);
    try {
      for (const payload of [
        event('customer.created', {
          id: 'cus_s10',
          object: 'customer',
          metadata: { orderId: order.orderId },
        }),
        event(
          'payout.paid',
          { id: 'po_s10', object: 'payout', metadata: { orderId: order.orderId } },
          'acct_s10',
        ),
        event('shutterlane.made_up', { id: 'x_s10', metadata: { orderId: order.orderId } }),
        // A handled type from an account kind it is not handled for (a platform refund).
        event('charge.refunded', { id: 'ch_s10', object: 'charge', metadata: { orderId: order.orderId } }),
      ]) {
        expect(await deliverSigned(env, payload)).toEqual({ status: 200, body: { received: true } });
      }
      expect(await probe.calls()).toBe(0);
    } finally {
      await probe.stop();
    }
    expect(await getOrder(order.orderId)).toEqual(before);
    expect((await mailTo(env, 's10@example.com')).length).toBe(mailsBefore);
  });
});
