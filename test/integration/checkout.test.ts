/**
 * Free-order checkout through the local gateway: validate-checkout stores the email and hands out a
 * session, complete-checkout fulfils the order once (a conditional write) and the confirmation email
 * lands in the outbox once. Expired, paid, fulfilled orders, bad sessions and low captcha scores are
 * refused with clear 4xx answers that change nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_FULFILLED_MARKERS, serverErrors } from '#shared/texts/errors';
import { getOrder } from '../../functions/domains/orders/order-store';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { checkoutCalls, freshOrder, mailTo, postJson, uniqueEmail } from './checkout-helpers';
import { figuresOf, testPublicId } from './payments-helpers';

let calls: ReturnType<typeof checkoutCalls>;

const env = useTestStack();
beforeAll(async () => {
  calls = checkoutCalls(env);
});

async function sessionFor(orderId: string, email: string): Promise<string> {
  const { status, body } = await calls.validate(orderId, email);
  expect(status, JSON.stringify(body)).toBe(200);
  const sessionId = (body.orderDetails as { sessionId: string }).sessionId;
  expect(sessionId).toMatch(/^fcs_[A-Za-z0-9_-]{22}$/);
  return sessionId;
}

describe('free order checkout', () => {
  it('fulfils the demo free order and sends one confirmation email with link, count and 30 days', async () => {
    const orderId = env.demo.orders.free.id;
    const email = uniqueEmail('free');
    const sessionId = await sessionFor(orderId, email);
    expect((await getOrder(orderId))?.customerEmail).toBe(email);

    const done = await calls.complete(orderId, sessionId);
    expect(done).toEqual({ status: 200, body: { status: 'FULFILLED', emailSent: true } });

    const stored = await getOrder(orderId);
    expect(stored).toMatchObject({ status: 'FULFILLED', customerEmail: email });
    expect(stored?.confirmationEmailSentAt).toBeDefined();
    expect((await calls.checkOrder(orderId)).body.status).toBe('FULFILLED');

    const [mail, ...more] = await mailTo(env, email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Your photos are ready');
    expect(mail?.text).toContain(`${env.stack.urls.app}/orders/${orderId}`);
    expect(mail?.text).toContain(`${stored?.photoIds.length} photos`);
    expect(mail?.text).toContain('available for 30 days');
    expect(mail?.html).toContain(`href="${env.stack.urls.app}/orders/${orderId}"`);

    // Completing or validating it again: 'already been fulfilled', and no second email.
    const again = await calls.complete(orderId, sessionId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(serverErrors.orderAlreadyFulfilled);
    expect(String(again.body.message)).toContain(ALREADY_FULFILLED_MARKERS[0]);
    const revalidate = await calls.validate(orderId, email);
    expect(revalidate).toMatchObject({ status: 409, body: { message: serverErrors.orderAlreadyFulfilled } });
    expect(await mailTo(env, email)).toHaveLength(1);
  });

  it('hands out the same session again and keeps the latest email', async () => {
    const order = await freshOrder(env);
    const first = await sessionFor(order.orderId, 'first@example.com');
    const second = await sessionFor(order.orderId, 'second@example.com');
    expect(second).toBe(first);
    expect((await getOrder(order.orderId))?.customerEmail).toBe('second@example.com');
  });

  it('fulfils once, emails once and counts the order paid once when ten completions race', async () => {
    const order = await freshOrder(env, { publicId: testPublicId() });
    const email = uniqueEmail('race');
    const sessionId = await sessionFor(order.orderId, email);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => calls.complete(order.orderId, sessionId)),
    );
    const winners = answers.filter((a) => a.status === 200);
    expect(winners).toHaveLength(1);
    for (const loser of answers.filter((a) => a.status !== 200)) {
      expect(loser).toEqual({ status: 409, body: { message: serverErrors.orderAlreadyFulfilled } });
    }
    expect(await mailTo(env, email)).toHaveLength(1);
    expect((await figuresOf(order)).publicGallery).toMatchObject({
      ordersPlaced: 1,
      ordersPaid: 1,
      grossMinor: 0,
    });
  });

  it('refuses a session that is not the order’s, changing nothing', async () => {
    const order = await freshOrder(env);
    await sessionFor(order.orderId, uniqueEmail('wrong'));
    const wrong = await calls.complete(order.orderId, 'fcs_AAAAAAAAAAAAAAAAAAAAAA');
    expect(wrong).toEqual({ status: 409, body: { message: serverErrors.checkoutSessionInvalid } });
    // A session of another order does not work either.
    const other = await freshOrder(env);
    const otherSession = await sessionFor(other.orderId, uniqueEmail('other'));
    expect((await calls.complete(order.orderId, otherSession)).status).toBe(409);
    expect((await getOrder(order.orderId))?.status).toBe('PENDING');
  });

  it('refuses an order past its 30 days on both calls, whatever its stored status says', async () => {
    const order = await freshOrder(env, { createdDaysAgo: 31 });
    expect(order.status).toBe('PENDING');
    const validate = await calls.validate(order.orderId, uniqueEmail('late'));
    expect(validate).toEqual({ status: 410, body: { message: serverErrors.orderExpired } });
    const complete = await calls.complete(order.orderId, 'fcs_AAAAAAAAAAAAAAAAAAAAAA');
    expect(complete).toEqual({ status: 410, body: { message: serverErrors.orderExpired } });
    const stored = await getOrder(order.orderId);
    expect(stored?.customerEmail).toBeUndefined();
    expect(stored?.status).toBe('PENDING');
    // The expiry message must not read as "already fulfilled" to the order screen.
    for (const marker of ALREADY_FULFILLED_MARKERS) expect(serverErrors.orderExpired).not.toContain(marker);
  });

  it('refuses an order 29 days old only once it passes 30 days', async () => {
    const order = await freshOrder(env, { createdDaysAgo: 29 });
    expect((await calls.validate(order.orderId, uniqueEmail('early'))).status).toBe(200);
  });
});

describe('paid orders at complete-checkout', () => {
  it('refuses validate-checkout: a paid order is paid by card', async () => {
    const order = await freshOrder(env, { orderType: 'PAID_ORDER', totalMinor: 1500 });
    const answer = await calls.validate(order.orderId, uniqueEmail('paid'));
    expect(answer).toEqual({ status: 409, body: { message: serverErrors.orderNotFree } });
    expect((await getOrder(order.orderId))?.customerEmail).toBeUndefined();
  });

  it('only reports the status of an unpaid order for its own Stripe session, and refuses another', async () => {
    const order = await freshOrder(env, { orderType: 'PAID_ORDER', totalMinor: 1500 });
    const checked = await calls.checkOrder(order.orderId);
    const sessionId = String(checked.body.sessionId);
    expect(sessionId).toMatch(/^cs_/);
    const answer = await calls.complete(order.orderId, sessionId);
    expect(answer).toEqual({ status: 200, body: { status: 'PENDING', emailSent: false } });
    expect((await getOrder(order.orderId))?.status).toBe('PENDING');
    const wrong = await calls.complete(order.orderId, 'cs_test_not_this_one');
    expect(wrong).toEqual({ status: 400, body: { message: serverErrors.checkoutSessionInvalid } });
  });

  it('answers the demo fulfilled order with already been fulfilled', async () => {
    const answer = await calls.complete(env.demo.orders.fulfilled.id, 'fcs_AAAAAAAAAAAAAAAAAAAAAA');
    expect(answer).toEqual({ status: 409, body: { message: serverErrors.orderAlreadyFulfilled } });
  });
});

describe('human check and bad input', () => {
  it('answers bad input with 400 or 404 and a message, never a 5xx', async () => {
    const order = await freshOrder(env);
    const invalidEmail = await calls.validate(order.orderId, 'not-an-email');
    expect(invalidEmail).toEqual({
      status: 400,
      body: { message: 'customerEmail: Please enter a valid email address' },
    });
    const unknown = await calls.validate('AAAAAAAAAAAAAAAAAAAAAA', 'a@example.com');
    expect(unknown).toEqual({ status: 404, body: { message: serverErrors.orderNotFound } });
    const base = `${env.demo.apiUrl}/orders/${order.orderId}`;
    for (const [path, body] of [
      ['validate-checkout', '{'],
      ['validate-checkout', { customerEmail: 'a@example.com' }],
      ['complete-checkout', { captchaToken: 'x' }],
      ['complete-checkout', { sessionId: '', captchaToken: 'x' }],
      ['complete-checkout', { sessionId: 'x'.repeat(300), captchaToken: 'x' }],
      ['complete-checkout', []],
    ] as const) {
      const answer = await postJson(`${base}/${path}`, body);
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
      expect(typeof answer.body.message).toBe('string');
    }
    expect(await getOrder(order.orderId)).toMatchObject({ status: 'PENDING' });
  });
});
