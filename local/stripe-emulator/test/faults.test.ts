/**
 * Planned faults (`/__control/faults`), seen through the real SDK: a 500 in Stripe's shape, a call
 * that is never answered, and a call run but answered into the void (the SDK's retry with the same
 * idempotency key gets the saved answer, so there is one session).
 */
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  callControl,
  clearFaults,
  failure,
  planFault,
  startTestEmulator,
  TEST_SECRET_KEY,
  type TestEmulator,
} from '../testing';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
});
afterEach(() => clearFaults(t.emulator.url));
afterAll(() => t.stop());

/** The SDK as an app configures it, with its own retries and timeout. */
const client = (options: { maxNetworkRetries: number; timeout?: number }) =>
  new Stripe(TEST_SECRET_KEY, { host: 'localhost', port: t.emulator.port, protocol: 'http', ...options });

const params: Stripe.Checkout.SessionCreateParams = {
  mode: 'payment',
  line_items: [
    { quantity: 1, price_data: { currency: 'gbp', unit_amount: 900, product_data: { name: 'Photo' } } },
  ],
  success_url: 'http://app.test/ok',
};

describe('an `error` fault', () => {
  it('answers 500 with Stripe’s api_error for the next matching calls, then lets calls through', async () => {
    await planFault(t.emulator.url, {
      method: 'POST',
      path: '/v1/checkout/sessions',
      kind: 'error',
      count: 2,
    });
    const noRetries = client({ maxNetworkRetries: 0 });
    for (const _attempt of [1, 2]) {
      const error = await failure(noRetries.checkout.sessions.create(params));
      expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
      expect(error).toMatchObject({ statusCode: 500, rawType: 'api_error' });
    }
    expect((await noRetries.checkout.sessions.create(params)).status).toBe('open');
  });

  it('is retried by the SDK, which succeeds once the faults are used up', async () => {
    await planFault(t.emulator.url, { path: '/v1/checkout/sessions', kind: 'error' });
    const session = await client({ maxNetworkRetries: 1 }).checkout.sessions.create(params);
    expect(session.status).toBe('open');
  });

  it('touches only the method and path planned', async () => {
    await planFault(t.emulator.url, {
      method: 'POST',
      path: '/v1/checkout/sessions/*/expire',
      kind: 'error',
    });
    const calls = client({ maxNetworkRetries: 0 });
    const session = await calls.checkout.sessions.create(params);
    expect((await calls.checkout.sessions.retrieve(session.id)).id).toBe(session.id);
    expect(await failure(calls.checkout.sessions.expire(session.id))).toMatchObject({ statusCode: 500 });
    expect((await calls.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });
});

describe('a `hang` fault', () => {
  it('never answers, so the client times out; the call was not run', async () => {
    await planFault(t.emulator.url, { path: '/v1/checkout/sessions', kind: 'hang' });
    const impatient = client({ maxNetworkRetries: 0, timeout: 300 });
    const error = await failure(impatient.checkout.sessions.create(params, { idempotencyKey: 'hung-1' }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    // Nothing was saved under the key: the same request runs afresh rather than replaying.
    const retried = await impatient.checkout.sessions.create(params, { idempotencyKey: 'hung-1' });
    expect(retried.lastResponse.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('a `drop` fault', () => {
  it('runs the call but loses the answer; the SDK’s retry with the same key gets the saved session', async () => {
    await planFault(t.emulator.url, { path: '/v1/checkout/sessions', kind: 'drop' });
    const session = await client({ maxNetworkRetries: 2 }).checkout.sessions.create(params, {
      idempotencyKey: 'dropped-1',
    });
    expect(session.lastResponse.headers['idempotent-replayed']).toBe('true');
    const again = await client({ maxNetworkRetries: 0 }).checkout.sessions.create(params, {
      idempotencyKey: 'dropped-1',
    });
    expect(again.id).toBe(session.id);
  });
});

describe('the faults control', () => {
  it('lists planned faults, forgets them on DELETE, and refuses a bad plan', async () => {
    await planFault(t.emulator.url, { path: '/v1/refunds', kind: 'error', count: 3 });
    expect(await callControl(t.emulator.url, 'GET', '/faults')).toEqual({
      data: [
        {
          id: expect.stringMatching(/^fault_/) as string,
          method: 'POST',
          path: '/v1/refunds',
          kind: 'error',
          remaining: 3,
        },
      ],
    });
    expect(await callControl(t.emulator.url, 'DELETE', '/faults')).toEqual({ deleted: 1 });
    expect(await callControl(t.emulator.url, 'GET', '/faults')).toEqual({ data: [] });
    await expect(planFault(t.emulator.url, { path: '/v1/refunds', kind: 'slow' as 'hang' })).rejects.toThrow(
      /answered 400/,
    );
  });
});
