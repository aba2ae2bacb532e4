/**
 * S20: the photos of an order the customer may not download (unpaid free or paid order, payment still
 * processing, refunded, disputed, lost dispute, expired, past its download window): refused with
 * 404/409/410 and the reason, and no URL is signed: the answer is the message alone.
 */
import { describe, expect, it } from 'vitest';
import { serverErrors } from '#shared/texts/errors';
import { createOrder, getOrder, type OrderRecord } from '../../functions/domains/orders/order-store';
import { newOrderId } from '../../functions/lib/ids';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { orderPhotos } from './support/signed-urls';

const env = useTestStack();

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

describe('S20 photos of an unpaid, refunded, disputed or expired order', () => {
  it('are refused with the reason and no signed URL', async () => {
    const fulfilled = (await getOrder(env.demo.orders.fulfilled.id)) as OrderRecord;
    /** A copy of the demo's fulfilled (paid) order in another state. */
    const variant = async (fields: Partial<OrderRecord>): Promise<string> => {
      const orderId = newOrderId();
      await createOrder({ ...fulfilled, orderId, ...fields });
      return orderId;
    };
    const paidRecently = {
      createdAt: daysAgo(2),
      expiresAt: new Date(Date.now() + 28 * DAY).toISOString(),
      fulfilledAt: daysAgo(1),
    };
    const cases: [string, string, number, string][] = [
      ['unpaid free order', env.demo.orders.free.id, 409, serverErrors.orderNotFulfilled],
      ['unpaid paid order', env.demo.orders.paid.id, 409, serverErrors.orderNotFulfilled],
      ['expired before payment', env.demo.orders.expired.id, 410, serverErrors.orderExpired],
      [
        'payment processing',
        await variant({
          ...paidRecently,
          status: 'PROCESSING',
          statusReason: 'PAYMENT_PROCESSING',
          fulfilledAt: undefined,
        }),
        409,
        serverErrors.paymentProcessing,
      ],
      [
        'refunded',
        await variant({
          ...paidRecently,
          status: 'REFUNDED',
          statusReason: 'REFUNDED',
          refundedMinor: fulfilled.totalMinor,
        }),
        410,
        serverErrors.orderRefunded,
      ],
      [
        'disputed',
        await variant({ ...paidRecently, status: 'DISPUTED', statusReason: 'DISPUTE_OPEN' }),
        409,
        serverErrors.orderDisputed,
      ],
      [
        'dispute lost',
        await variant({ ...paidRecently, status: 'REFUNDED', statusReason: 'DISPUTE_LOST' }),
        410,
        serverErrors.orderRefunded,
      ],
      [
        'download window over',
        await variant({ createdAt: daysAgo(40), expiresAt: daysAgo(10), fulfilledAt: daysAgo(31) }),
        410,
        serverErrors.photosNoLongerAvailable,
      ],
      ['unknown order', 'AAAAAAAAAAAAAAAAAAAAAA', 404, serverErrors.orderNotFound],
    ];
    for (const [label, orderId, status, message] of cases) {
      const answer = await orderPhotos(env, orderId);
      expect({ label, ...answer }).toEqual({ label, status, body: { message } });
      expect(JSON.stringify(answer.body)).not.toContain('X-Amz-');
    }
    // The control: the fulfilled order itself gets its signed URLs.
    const control = await orderPhotos(env, fulfilled.orderId);
    expect(control.status).toBe(200);
    expect(JSON.stringify(control.body)).toContain('X-Amz-Signature');
  });
});
