/**
 * The order page's one call (POST /public/orders/{orderId}/open) through the local gateway: one human
 * check, one answer for every state, the same as the two calls it replaces would have given (the
 * fulfilled order's photos, or the order check's steps), and the same refusals.
 */
import { describe, expect, it } from 'vitest';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { serverErrors } from '#shared/texts/errors';
import { OpenedOrder } from '#shared/schemas/order';
import { newOrderId } from '../../functions/lib/ids';
import { captchaToken, useTestStack } from '@shutterlane/harness/local-stack';
import { checkoutCalls, freshOrder, postJson } from './checkout-helpers';

const env = useTestStack();
const token = () => captchaToken(env.stack.urls.captcha, CAPTCHA_ACTIONS.publicOrderCheck);
const open = async (orderId: string, body?: unknown) =>
  postJson(`${env.demo.apiUrl}/public/orders/${orderId}/open`, body ?? { captchaToken: await token() });
const opened = async (orderId: string) => {
  const answer = await open(orderId);
  expect(answer.status).toBe(200);
  return OpenedOrder.parse(answer.body);
};
/** Signed URLs differ call to call (their time): compared by what they point at. */
const unsigned = (value: unknown) =>
  JSON.parse(JSON.stringify(value).replace(/\?X-Amz-[^"]*/g, '')) as unknown;

describe('opening an order with one call', () => {
  it('answers a fulfilled order with its photos, as the fulfilled-order call signs them', async () => {
    const orderId = env.demo.orders.fulfilled.id;
    const answer = await opened(orderId);
    expect(answer.kind).toBe('photos');
    const photos = await checkoutCalls(env).fulfilledPhotos(orderId);
    expect(photos.status).toBe(200);
    const { urlsExpireAt: _a, ...mine } = answer.order as Record<string, unknown>;
    const { urlsExpireAt: _b, ...theirs } = photos.body;
    expect(unsigned(mine)).toEqual(unsigned(theirs));
    expect(Object.keys((answer.order as { photoUrls: object }).photoUrls).length).toBeGreaterThan(0);
  });

  it('answers a free order with its steps (the email to give), as the order check does', async () => {
    const { orderId } = await freshOrder(env);
    const answer = await opened(orderId);
    expect(answer).toMatchObject({ kind: 'steps', order: { status: 'PENDING', nextStep: 'COLLECT_EMAIL' } });
    expect(unsigned(answer.order)).toEqual(unsigned((await checkoutCalls(env).checkOrder(orderId)).body));
  });

  it('answers a paid order with the redirect to payment, and an expired one with why', async () => {
    const paid = await opened(env.demo.orders.paid.id);
    expect(paid).toMatchObject({ kind: 'steps', order: { nextStep: 'REDIRECT_TO_STRIPE' } });
    expect((paid.order as { stripeCheckoutUrl?: string }).stripeCheckoutUrl).toMatch(/^https?:\/\//);
    const expired = await opened(env.demo.orders.expired.id);
    expect(expired).toMatchObject({ kind: 'steps', order: { status: 'EXPIRED' } });
    expect(JSON.stringify(expired)).not.toMatch(/X-Amz-/);
  });

  it('refuses an unknown order (404), a refused or missing human check (403, 400), and bad input (400)', async () => {
    expect(await open(newOrderId())).toEqual({ status: 404, body: { message: serverErrors.orderNotFound } });
    await env.stack.captcha.setScore(0.1);
    try {
      expect((await open(env.demo.orders.fulfilled.id)).status).toBe(403);
    } finally {
      await env.stack.captcha.setScore(0.9);
    }
    expect((await open(env.demo.orders.fulfilled.id, {})).status).toBe(400);
    expect((await open('not an id!', { captchaToken: await token() })).status).toBe(400);
  });
});
