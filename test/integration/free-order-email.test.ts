/**
 * A free order's confirmation email when the request that fulfilled it died before sending (a Lambda
 * timeout or crash between the fulfilling write and the email): the customer's next attempt sends it,
 * once, and is told the order is already fulfilled. A sender that may still be at work is left alone.
 * The dead request is played by the fulfilling write itself (the repository call complete-checkout makes)
 * with nothing after it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { serverErrors } from '#shared/texts/errors';
import { CONFIRMATION_CLAIM_STALE_MS } from '../../functions/domains/orders/order-confirmation';
import { fulfilFreeOrder, getOrder } from '../../functions/domains/orders/order-store';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { checkoutCalls, mailTo, uniqueEmail, validatedFreeOrder } from './checkout-helpers';

let calls: ReturnType<typeof checkoutCalls>;

const env = useTestStack();
beforeAll(async () => {
  calls = checkoutCalls(env);
});

/** A free order fulfilled at `at` by a request that then died: no email sent, none recorded. */
async function fulfilledWithoutEmail(email: string, at: Date) {
  const { order, sessionId } = await validatedFreeOrder(env, email);
  expect(await fulfilFreeOrder(order, sessionId, at)).toBe(true);
  expect(await mailTo(env, email)).toHaveLength(0);
  return { orderId: order.orderId, sessionId };
}

const alreadyFulfilled = { status: 409, body: { message: serverErrors.orderAlreadyFulfilled } };

describe('free order confirmation email after its sender died', () => {
  it('is sent once by the next completion, which is told the order is fulfilled', async () => {
    const email = uniqueEmail('resume-complete');
    const died = new Date(Date.now() - CONFIRMATION_CLAIM_STALE_MS - 60_000);
    const { orderId, sessionId } = await fulfilledWithoutEmail(email, died);

    expect(await calls.complete(orderId, sessionId)).toEqual(alreadyFulfilled);
    const [mail, ...more] = await mailTo(env, email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Your photos are ready');
    expect((await getOrder(orderId))?.confirmationEmailSentAt).toBeDefined();

    expect(await calls.complete(orderId, sessionId)).toEqual(alreadyFulfilled);
    expect(await calls.validate(orderId, email)).toMatchObject(alreadyFulfilled);
    expect(await mailTo(env, email)).toHaveLength(1);
  });

  it('is sent once by a new email step too', async () => {
    const email = uniqueEmail('resume-validate');
    const died = new Date(Date.now() - CONFIRMATION_CLAIM_STALE_MS - 60_000);
    const { orderId } = await fulfilledWithoutEmail(email, died);
    const answers = await Promise.all([calls.validate(orderId, email), calls.validate(orderId, email)]);
    for (const answer of answers) expect(answer).toMatchObject(alreadyFulfilled);
    expect(await mailTo(env, email)).toHaveLength(1);
  });

  it('is not sent while its sender may still be at work (a fresh claim)', async () => {
    const email = uniqueEmail('resume-fresh');
    const { orderId, sessionId } = await fulfilledWithoutEmail(email, new Date());
    expect(await calls.complete(orderId, sessionId)).toEqual(alreadyFulfilled);
    expect(await mailTo(env, email)).toHaveLength(0);
    expect((await getOrder(orderId))?.confirmationEmailSentAt).toBeUndefined();
  });
});
