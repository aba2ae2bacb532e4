import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET_KEY, createOnboardedAccount, startTestEmulator, type TestEmulator } from '../testing';

let t: TestEmulator;
let seller: Stripe.Account;
beforeAll(async () => {
  t = await startTestEmulator();
  seller = await createOnboardedAccount(t.stripe);
});
afterAll(() => t.stop());

const sessionParams = (unitAmount: number): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  line_items: [
    {
      quantity: 1,
      price_data: { currency: 'gbp', unit_amount: unitAmount, product_data: { name: 'Photos' } },
    },
  ],
  payment_intent_data: { application_fee_amount: 50, transfer_data: { destination: seller.id } },
  success_url: 'http://app.test/ok',
  cancel_url: 'http://app.test/cancel',
});

describe('Idempotency-Key', () => {
  it('replays the first response for the same key and parameters', async () => {
    const first = await t.stripe.checkout.sessions.create(sessionParams(1000), {
      idempotencyKey: 'order-1-attempt',
    });
    const replay = await t.stripe.checkout.sessions.create(sessionParams(1000), {
      idempotencyKey: 'order-1-attempt',
    });
    expect(replay.id).toBe(first.id);
    expect(replay).toEqual(first);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses the same key with different parameters (400 idempotency_error)', async () => {
    await t.stripe.checkout.sessions.create(sessionParams(1000), { idempotencyKey: 'order-2-attempt' });
    const error = await t.stripe.checkout.sessions
      .create(sessionParams(2000), { idempotencyKey: 'order-2-attempt' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ statusCode: 400, rawType: 'idempotency_error' });
  });

  it('refuses the same key on another endpoint', async () => {
    await t.stripe.accounts.create({ type: 'express' }, { idempotencyKey: 'shared-key' });
    const error = await t.stripe.checkout.sessions
      .create(sessionParams(1000), { idempotencyKey: 'shared-key' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('runs requests without a shared key separately (the SDK keys each call itself)', async () => {
    const one = await t.stripe.checkout.sessions.create(sessionParams(1000));
    const two = await t.stripe.checkout.sessions.create(sessionParams(1000));
    expect(one.id).not.toBe(two.id);
  });

  it('does not save a failed request under its key', async () => {
    const bad = { ...sessionParams(1000), success_url: 'nope' };
    await expect(
      t.stripe.checkout.sessions.create(bad, { idempotencyKey: 'fix-and-retry' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const fixed = await t.stripe.checkout.sessions.create(sessionParams(1000), {
      idempotencyKey: 'fix-and-retry',
    });
    expect(fixed.status).toBe('open');
  });

  it('answers raw requests in Stripe’s error shape', async () => {
    const response = await fetch(`${t.emulator.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TEST_SECRET_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': 'raw-1',
      },
      body: 'mode=payment',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        message: 'Missing required param: line_items.',
        code: 'parameter_missing',
        param: 'line_items',
      },
    });
    expect(response.headers.get('request-id')).toMatch(/^req_/);
  });
});
