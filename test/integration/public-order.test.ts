/**
 * The first slice through every layer: the public order call through the local gateway, with the
 * captcha verified by the stub's siteverify, the order read from dynalite and thumbnails signed for
 * the S3 stand-in. Bad input gets a 4xx JSON error and never a 5xx.
 */
import { describe, expect, it } from 'vitest';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { PublicOrder } from '#shared/schemas/order';
import { captchaToken, useTestStack } from '@shutterlane/harness/local-stack';
import { postJson } from './checkout-helpers';

const env = useTestStack();

const orderUrl = (id: string) => `${env.demo.apiUrl}/public/orders/${id}`;
const token = (action: string = CAPTCHA_ACTIONS.publicOrderCheck) =>
  captchaToken(env.stack.urls.captcha, action);

const checkOrder = (id: string, body: unknown) => postJson(orderUrl(id), body);

describe('POST /public/orders/{orderId}', () => {
  it('answers a free order with COLLECT_EMAIL and signed thumbnails that load', async () => {
    const { status, body } = await checkOrder(env.demo.orders.free.id, { captchaToken: await token() });
    expect(status).toBe(200);
    const order = PublicOrder.parse(body);
    expect(order).toMatchObject({
      status: 'PENDING',
      nextStep: 'COLLECT_EMAIL',
      orderType: 'FREE_ORDER',
      total: 0,
    });
    expect(order.currency).toBe('GBP');
    expect(order.photos).toHaveLength(4);
    const thumbnail = await fetch(order.photos[0]!.thumbnailUrl);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    // The same thumbnail as WebP, what the carousel shows where the browser takes it.
    const webp = await fetch(order.photos[0]!.thumbnailWebpUrl!);
    expect([webp.status, webp.headers.get('content-type')]).toEqual([200, 'image/webp']);
    // The signature is what grants access: the same object without it is refused.
    const unsigned = await fetch(order.photos[0]!.thumbnailUrl.split('?')[0]!);
    expect(unsigned.status).toBe(403);
  });

  it('answers a paid order with REDIRECT_TO_STRIPE and one checkout session, kept across checks', async () => {
    const first = PublicOrder.parse(
      (await checkOrder(env.demo.orders.paid.id, { captchaToken: await token() })).body,
    );
    expect(first).toMatchObject({
      status: 'PENDING',
      nextStep: 'REDIRECT_TO_STRIPE',
      total: 15,
      orderType: 'PAID_ORDER',
    });
    expect(first.stripeCheckoutUrl).toMatch(/^http:\/\/localhost:\d+\//);
    const second = PublicOrder.parse(
      (await checkOrder(env.demo.orders.paid.id, { captchaToken: await token() })).body,
    );
    expect(second.sessionId).toBe(first.sessionId);
  });

  it('shows an order past its 30 days as EXPIRED, without photos or checkout', async () => {
    const { status, body } = await checkOrder(env.demo.orders.expired.id, { captchaToken: await token() });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'EXPIRED', photos: [] });
    expect(body.nextStep).toBeUndefined();
  });

  it('answers a fulfilled order as FULFILLED', async () => {
    const { body } = await checkOrder(env.demo.orders.fulfilled.id, { captchaToken: await token() });
    expect(body).toMatchObject({ status: 'FULFILLED' });
  });

  it('answers 404 for an unknown order and 400 for a malformed id or body, never a 5xx', async () => {
    const unknown = await checkOrder('AAAAAAAAAAAAAAAAAAAAAA', { captchaToken: await token() });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Order not found' } });

    const badId = await checkOrder('bad%20id!', { captchaToken: await token() });
    expect(badId.status).toBe(400);

    const notJson = await checkOrder(env.demo.orders.free.id, '{"captchaToken":');
    expect(notJson).toMatchObject({ status: 400, body: { message: 'Request body must be valid JSON' } });

    for (const body of [
      '[]',
      'null',
      '"text"',
      '{"captchaToken": 42}',
      `{"captchaToken":"${'x'.repeat(5000)}"}`,
    ]) {
      const answer = await checkOrder(env.demo.orders.free.id, body);
      expect(answer.status, body).toBeGreaterThanOrEqual(400);
      expect(answer.status, body).toBeLessThan(500);
      expect(typeof answer.body.message).toBe('string');
    }
  });

  it('answers 404 JSON for unknown routes and 401 for seller routes without a token', async () => {
    const unknown = await fetch(`${env.demo.apiUrl}/no/such/route`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Not Found' });
    const seller = await fetch(`${env.demo.apiUrl}/users`);
    expect(seller.status).toBe(401);
    expect(await seller.json()).toEqual({ message: 'Unauthorized' });
  });
});
