/**
 * API Gateway's route throttles, as the local gateway applies them from the synthesized stage: a route
 * flooded past its burst answers 429 `Too Many Requests` without invoking its function, the other
 * routes keep budgets of their own, an unknown route is never throttled, and the route answers again
 * once its bucket has refilled.
 *
 * A stack of its own, synthesized with the order calls' throttle set low through the deploy settings (as
 * an operator would set it): the suites' shared stack has every throttle at the account's quota
 * (local/harness/global-stack.ts). Every order check carries a fresh human-check token, which the
 * function spends at siteverify: a token still good afterwards shows that its request never reached
 * the function. Requests go through the edge, as every client's do.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { serverErrors } from '#shared/texts/errors';
import { throttleSettings } from '../../infra/stacks/route-throttles';
import type { LocalStack } from '@shutterlane/local-stack/stack';
import { startOwnStack } from '@shutterlane/harness/own-stack';
import { captchaToken, redeemCaptchaToken } from '@shutterlane/harness/local-stack';

/** Each order call's budget here: 1 a second, a burst of 5. */
const ORDERS = { rateLimit: 1, burstLimit: 5 };
const FLOOD = 20;

let stack: LocalStack;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-throttles-'));
  stack = await startOwnStack({
    dataDir,
    deploySettings: throttleSettings({ orders: ORDERS }),
  });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  contentType: string | null;
  body: unknown;
  token: string;
}

const randomOrderId = () => randomBytes(16).toString('base64url');
const freshToken = () => captchaToken(stack.urls.captcha, CAPTCHA_ACTIONS.publicOrderCheck);

/** An order call (`/public/orders/{id}` plus `suffix`) for an order that does not exist. */
async function orderCall(token: string, suffix = ''): Promise<Answer> {
  const response = await fetch(`${stack.urls.api}/public/orders/${randomOrderId()}${suffix}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ captchaToken: token }),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: await response.json(),
    token,
  };
}

/** Whether each answer's token is still good (its request never reached the function). */
const tokensUnspent = (answers: Answer[]) =>
  Promise.all(answers.map((answer) => redeemCaptchaToken(stack.urls.captcha, answer.token)));

const notFound = { message: serverErrors.orderNotFound };

describe("a route's throttle", () => {
  it('refuses a flood past its burst with 429 without invoking the function, and admits again after a refill', async () => {
    const tokens = await Promise.all(Array.from({ length: FLOOD }, freshToken));
    const started = performance.now();
    const answers = await Promise.all(tokens.map((token) => orderCall(token)));
    const seconds = (performance.now() - started) / 1000;

    const admitted = answers.filter((answer) => answer.status === 404);
    const throttled = answers.filter((answer) => answer.status === 429);
    expect(admitted.length + throttled.length).toBe(FLOOD);
    // The burst at once, and at most what the steady rate refilled while the flood was answered.
    expect(admitted.length).toBeGreaterThanOrEqual(ORDERS.burstLimit);
    expect(admitted.length).toBeLessThanOrEqual(ORDERS.burstLimit + Math.floor(seconds * ORDERS.rateLimit));
    for (const answer of admitted) expect(answer.body).toEqual(notFound);
    for (const answer of throttled) {
      expect(answer.body).toEqual({ message: 'Too Many Requests' });
      expect(answer.contentType).toBe('application/json');
    }
    // The function spent every token it saw; the refused requests' tokens were never seen.
    expect(await tokensUnspent(admitted)).toEqual(admitted.map(() => false));
    expect(await tokensUnspent(throttled)).toEqual(throttled.map(() => true));

    // Another order call of the same function and class has a budget of its own.
    const neighbour = await orderCall(await freshToken(), '/photos');
    expect([neighbour.status, neighbour.body]).toEqual([404, notFound]);
    // An unknown route is not throttled by a route's budget: API Gateway's 404, however many.
    for (let i = 0; i < ORDERS.burstLimit * 2; i += 1) {
      const unknown = await fetch(`${stack.urls.api}/public/nothing-here`, { method: 'POST' });
      expect([unknown.status, await unknown.json()]).toEqual([404, { message: 'Not Found' }]);
    }

    // One token refills in a second at this rate (and a little more, for the clock's grain).
    await sleep(1000 / ORDERS.rateLimit + 100);
    const again = await orderCall(await freshToken());
    expect([again.status, again.body]).toEqual([404, notFound]);
    expect(await tokensUnspent([again])).toEqual([false]);
  });
});
