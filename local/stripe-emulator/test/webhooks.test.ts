import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOnboardedAccount,
  eventType,
  startTestEmulator,
  startWebhookReceiver,
  submitCheckoutPage,
  type TestEmulator,
} from '../testing';

let t: TestEmulator;
let completed: Stripe.Event;
beforeAll(async () => {
  t = await startTestEmulator();
  const seller = await createOnboardedAccount(t.stripe);
  const session = await t.stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      { quantity: 1, price_data: { currency: 'gbp', unit_amount: 900, product_data: { name: 'Photo' } } },
    ],
    payment_intent_data: { application_fee_amount: 45, transfer_data: { destination: seller.id } },
    success_url: 'http://app.test/ok',
  });
  await submitCheckoutPage(session.url ?? '');
  completed = await t.waitForEvent('checkout.session.completed', session.id);
});
afterAll(() => t.stop());

const control = (path: string, method = 'POST') => fetch(`${t.emulator.url}/__control${path}`, { method });

interface Attempt {
  url: string;
  attempt: number;
  status?: number;
  error?: string;
}
const attemptsTo = async (url: string): Promise<Attempt[]> => {
  const deliveries = (await (await control('/webhook-deliveries', 'GET')).json()) as { data: Attempt[] };
  return deliveries.data.filter((attempt) => attempt.url === url);
};

/** Polls until `count` attempts to `url` are logged (retries run on timers in the background). */
const waitForAttempts = async (url: string, count: number): Promise<Attempt[]> => {
  for (let tries = 0; tries < 100; tries += 1) {
    const attempts = await attemptsTo(url);
    if (attempts.length >= count) return attempts;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`fewer than ${count} delivery attempts to ${url}`);
};

describe('webhook events', () => {
  it('resends an event with the same id, so receivers see a duplicate', async () => {
    const response = await control(`/events/${completed.id}/resend`);
    expect(response.status).toBe(200);
    const copies = () =>
      t.receiver.received.filter((webhook) => webhook.body.includes(`"id": "${completed.id}"`));
    await t.receiver.waitFor(() => copies().length >= 2);
    expect(copies().map((webhook) => t.verify(webhook).id)).toEqual([completed.id, completed.id]);
    expect((await control('/events/evt_unknown/resend')).status).toBe(404);
  });

  it('lists and retrieves events like Stripe, newest first, filtered by type', async () => {
    const listed = await t.stripe.events.list({ type: 'checkout.session.completed' });
    expect(listed.object).toBe('list');
    expect(listed.data.map((event) => event.id)).toEqual([completed.id]);
    const wildcard = await t.stripe.events.list({ type: 'checkout.session.*' });
    expect(wildcard.data.map((event) => event.id)).toEqual([completed.id]);
    const all = await t.stripe.events.list({ limit: 1 });
    expect(all.data[0]?.id).toBe(completed.id);
    expect(all.has_more).toBe(true);
    const older = await t.stripe.events.list({ limit: 10, starting_after: completed.id });
    // Paying sends the payment's events before the session's, as Stripe does.
    expect(older.data.map((event) => event.type)).toEqual([
      'payment_intent.succeeded',
      'charge.succeeded',
      'application_fee.created',
      'account.updated',
    ]);
    const retrieved = await t.stripe.events.retrieve(completed.id);
    expect(retrieved).toEqual(
      expect.objectContaining({ id: completed.id, type: 'checkout.session.completed' }),
    );
  });

  it('retries a failed delivery in the background until it succeeds', async () => {
    const flaky = await startWebhookReceiver();
    try {
      flaky.respondWith(500);
      t.emulator.setWebhookUrl(flaky.url);
      await control(`/events/${completed.id}/resend`);
      await flaky.waitFor(() => true);
      flaky.respondWith(200);
      await flaky.waitFor(() => flaky.received.length >= 2);
      expect(flaky.received.map(eventType)).toEqual([
        'checkout.session.completed',
        'checkout.session.completed',
      ]);
      const toFlaky = await waitForAttempts(flaky.url, 2);
      expect(toFlaky.map(({ status, attempt }) => ({ status, attempt }))).toEqual([
        { status: 500, attempt: 1 },
        { status: 200, attempt: 2 },
      ]);
    } finally {
      t.emulator.setWebhookUrl(t.receiver.url);
      await flaky.close();
    }
  });

  it('retries after a network error too', async () => {
    const gone = await startWebhookReceiver();
    await gone.close();
    t.emulator.setWebhookUrl(gone.url);
    await control(`/events/${completed.id}/resend`);
    const failed = await waitForAttempts(gone.url, 3);
    t.emulator.setWebhookUrl(t.receiver.url);
    expect(failed.map((attempt) => attempt.attempt)).toEqual([1, 2, 3]);
    expect(failed.every((attempt) => typeof attempt.error === 'string')).toBe(true);
  });
});
