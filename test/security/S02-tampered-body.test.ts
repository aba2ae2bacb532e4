/**
 * S02: a genuine event whose body was changed after signing (the amount, the order, one byte of white
 * space) keeps its signature: 400 with the signature text, and nothing changed (order, email, sales).
 */
import { describe, expect, it } from 'vitest';
import { serverErrors } from '#shared/texts/errors';
import { getOrder } from '../../functions/domains/orders/order-store';
import { getUser } from '../../functions/domains/sellers/seller-store';
import { useTestStack } from '@shutterlane/harness/local-stack';
import {
  eventOf,
  expectRefusedWithoutEffect,
  payWithoutDelivery,
  postWebhook,
  signatureFor,
} from './support/stripe-cases';

const env = useTestStack();

describe('S02 body changed, signature kept', () => {
  it('refuses every altered body with 400 and changes nothing', async () => {
    const payment = await payWithoutDelivery(env);
    const payload = eventOf(payment.events, 'checkout.session.completed');
    const signature = await signatureFor(env, payload);
    const sales = (await getUser(payment.order.sellerId))?.totalSalesMinor;
    const other = payment.order.orderId.split('').reverse().join('');
    const altered = [
      payload.replace('"amount_total": 1500', '"amount_total": 150'),
      payload.replaceAll(payment.order.orderId, other),
      payload.replace('"livemode": false', '"livemode": true'),
      `${payload} `,
      payload.replace('\n', '\r\n'),
    ];
    for (const body of altered) expect(body).not.toBe(payload);

    await expectRefusedWithoutEffect(env, payment, async () => {
      for (const body of altered) {
        expect(await postWebhook(env, body, signature)).toEqual({
          status: 400,
          body: { message: serverErrors.stripeSignatureInvalid },
        });
      }
    });
    expect((await getUser(payment.order.sellerId))?.totalSalesMinor).toBe(sales);
    // The same signature on the body it was made for is accepted: the refusals were the edits'.
    expect(await postWebhook(env, payload, signature)).toEqual({ status: 200, body: { received: true } });
    expect((await getOrder(payment.order.orderId))?.status).toBe('FULFILLED');
  });
});
