/**
 * The order page's one call (POST /public/orders/{orderId}/open) through the local gateway: one answer for
 * every state, the same as the two calls it replaces would have given (the fulfilled order's photos, or
 * the order check's steps), and the same refusals. The human check guards the photos: without a token a
 * fulfilled order answers its thumbnails only (`preview`); an order waiting for payment or ended needs none.
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
/** The order opened with a human check, or without one (`{}`). */
const opened = async (orderId: string, body?: unknown) => {
  const answer = await open(orderId, body);
  expect(answer.status).toBe(200);
  return OpenedOrder.parse(answer.body);
};
const photosOf = (answer: OpenedOrder) => {
  if (answer.kind !== 'photos') throw new Error(`expected photos, got ${answer.kind}`);
  return answer.order;
};
const stepsOf = (answer: OpenedOrder) => {
  if (answer.kind !== 'steps') throw new Error(`expected steps, got ${answer.kind}`);
  return answer.order;
};
/** Signed URLs differ call to call (their time): compared by what they point at. */
const unsigned = (value: unknown) =>
  JSON.parse(JSON.stringify(value).replace(/\?X-Amz-[^"]*/g, '')) as unknown;

describe('opening an order with one call', () => {
  it('answers a fulfilled order with its photos, as the fulfilled-order call signs them', async () => {
    const orderId = env.demo.orders.fulfilled.id;
    const order = photosOf(await opened(orderId));
    const photos = await checkoutCalls(env).fulfilledPhotos(orderId);
    expect(photos.status).toBe(200);
    const { urlsExpireAt: _a, ...mine } = order;
    const { urlsExpireAt: _b, ...theirs } = photos.body;
    expect(unsigned(mine)).toEqual(unsigned(theirs));
    expect(Object.keys(order.photoUrls).length).toBeGreaterThan(0);
  });

  it('asked without a human check, answers a fulfilled order with its thumbnails only: no photo signed', async () => {
    const orderId = env.demo.orders.fulfilled.id;
    const answer = await opened(orderId, {});
    if (answer.kind !== 'preview') throw new Error(`expected preview, got ${answer.kind}`);
    const photos = photosOf(await opened(orderId));
    const thumbnailsOnly = Object.fromEntries(
      Object.entries(photos.photoUrls).map(([id, { url: _url, optimizedWebpUrl: _webp, ...rest }]) => [
        id,
        rest,
      ]),
    );
    expect(unsigned(answer.order.photoUrls)).toEqual(unsigned(thumbnailsOnly));
    const { photoUrls: _p, urlsExpireAt: _a, ...head } = answer.order;
    const { photoUrls: _q, urlsExpireAt: _b, ...photosHead } = photos;
    expect(head).toEqual(photosHead);
    // The thumbnails it signs are served.
    const [first] = Object.values(answer.order.photoUrls);
    const thumbnail = await fetch(first?.thumbnailUrl ?? 'missing thumbnail');
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toMatch(/^image\//);
  });

  it('opens an order waiting for payment, or ended, without a human check, as with one', async () => {
    const { orderId } = await freshOrder(env);
    const unchecked = stepsOf(await opened(orderId, {}));
    expect(unchecked).toMatchObject({ status: 'PENDING', nextStep: 'COLLECT_EMAIL' });
    expect(unsigned(unchecked)).toEqual(unsigned(stepsOf(await opened(orderId))));
    const paid = stepsOf(await opened(env.demo.orders.paid.id, {}));
    expect(paid.nextStep).toBe('REDIRECT_TO_STRIPE');
    expect(paid.stripeCheckoutUrl).toMatch(/^https?:\/\//);
    // The same session whoever asks, with a check or without: opening makes no second one.
    expect(stepsOf(await opened(env.demo.orders.paid.id)).sessionId).toBe(paid.sessionId);
    expect(stepsOf(await opened(env.demo.orders.expired.id, {})).status).toBe('EXPIRED');
  });

  it('answers a free order with its steps (the email to give), as the order check does', async () => {
    const { orderId } = await freshOrder(env);
    const answer = await opened(orderId);
    expect(answer).toMatchObject({ kind: 'steps', order: { status: 'PENDING', nextStep: 'COLLECT_EMAIL' } });
    expect(unsigned(stepsOf(answer))).toEqual(unsigned((await checkoutCalls(env).checkOrder(orderId)).body));
  });

  it('answers a paid order with the redirect to payment, and an expired one with why', async () => {
    const paid = await opened(env.demo.orders.paid.id);
    expect(paid).toMatchObject({ kind: 'steps', order: { nextStep: 'REDIRECT_TO_STRIPE' } });
    expect(stepsOf(paid).stripeCheckoutUrl).toMatch(/^https?:\/\//);
    const expired = await opened(env.demo.orders.expired.id);
    expect(expired).toMatchObject({ kind: 'steps', order: { status: 'EXPIRED' } });
    expect(JSON.stringify(expired)).not.toMatch(/X-Amz-/);
  });

  it('refuses an unknown order (404, with a check or without), a refused human check (403, whatever the order), and bad input (400)', async () => {
    const notFound = { status: 404, body: { message: serverErrors.orderNotFound } };
    expect(await open(newOrderId())).toEqual(notFound);
    expect(await open(newOrderId(), {})).toEqual(notFound);
    await env.stack.captcha.setScore(0.1);
    try {
      // A token that is given is checked, even where none was needed.
      for (const orderId of [env.demo.orders.fulfilled.id, env.demo.orders.free.id]) {
        expect(await open(orderId)).toEqual({ status: 403, body: { message: serverErrors.captchaFailed } });
      }
    } finally {
      await env.stack.captcha.setScore(0.9);
    }
    expect((await open(env.demo.orders.fulfilled.id, { captchaToken: '' })).status).toBe(400);
    expect((await open('not an id!', { captchaToken: await token() })).status).toBe(400);
  });
});
