/**
 * The Stripe webhook through the local gateway, with events signed as Stripe signs them: a paid
 * Checkout Session fulfils its order once and sends one email however often and however concurrently it
 * is delivered; a bad signature changes nothing; an expired session makes the next order check create a
 * fresh one; unknown event types are acknowledged and ignored. Orders' sessions are direct charges on the
 * seller's connected account, so their events carry `account` and come signed with the Connect endpoint's
 * secret.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverErrors } from '../../shared/errors';
import { getOrder, type OrderRecord } from '../../functions/lib/repositories/orders';
import { getUser } from '../../functions/lib/repositories/users';
import { LOCAL_SECRETS } from '../../local/config';
import { submitCheckoutPage } from '../../local/stripe-emulator/testing';
import { startTestStack, type TestStack } from '../support/local-stack';
import { checkoutCalls, freshOrder, mailTo, uniqueEmail } from './checkout-helpers';
import { payNewOrder, sellerAccountOf, webhookSecrets } from './payments-helpers';

let env: TestStack;
let calls: ReturnType<typeof checkoutCalls>;
let stripe: Stripe;

beforeAll(async () => {
  env = await startTestStack();
  calls = checkoutCalls(env);
  const { hostname, port } = new URL(env.stack.urls.stripe);
  stripe = new Stripe(LOCAL_SECRETS.stripeSecretKey, {
    host: hostname,
    port: Number(port),
    protocol: 'http',
  });
});
afterAll(async () => {
  await env?.stop();
});

const webhookUrl = () => `${env.demo.apiUrl}/webhooks/stripe`;

/** The signing secret of the endpoint that carries the payload (Connect for an event with `account`). */
async function secretFor(payload: string): Promise<string> {
  const secrets = await webhookSecrets(env);
  return (JSON.parse(payload) as { account?: string }).account ? secrets.connect : secrets.platform;
}

/** Posts a body with a signature made exactly as Stripe makes it (or a given header). */
async function deliver(
  payload: string,
  options: { signature?: string; timestamp?: number; contentType?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const signature =
    options.signature ??
    stripe.webhooks.generateTestHeaderString({
      payload,
      secret: await secretFor(payload),
      ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
    });
  const response = await fetch(webhookUrl(), {
    method: 'POST',
    headers: {
      'content-type': options.contentType ?? 'application/json; charset=utf-8',
      ...(signature && { 'stripe-signature': signature }),
    },
    body: Buffer.from(payload, 'utf8'),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

let eventCounter = 0;
/**
 * A Stripe-shaped event around an object, pretty-printed as Stripe sends it; on the connected account
 * `account` when given.
 */
function eventPayload(
  type: string,
  object: object,
  account?: string,
  id = `evt_test_${Date.now()}_${++eventCounter}`,
): string {
  return JSON.stringify(
    {
      id,
      object: 'event',
      ...(account && { account }),
      api_version: '2025-01-27',
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    },
    null,
    2,
  );
}

let donorPayment: Promise<string> | undefined;
/**
 * A real payment intent on the demo seller's account, paid with its balance transaction (another order
 * paid on the emulator's page): fulfilment reads the payment's money from Stripe, so the events these
 * tests make up name a payment that exists.
 */
const realPaymentIntent = (): Promise<string> =>
  (donorPayment ??= payNewOrder(env, { totalMinor: 1500 }).then(({ order }) => order.paymentIntentId ?? ''));

/**
 * An unpaid order with its real Checkout Session (made by the order check, on the seller's connected
 * account), that session as paid, and the account.
 */
async function paidSessionFor(order: OrderRecord, email: string) {
  const checked = await calls.checkOrder(order.orderId);
  expect(checked.status).toBe(200);
  const account = await sellerAccountOf(order);
  const session = await stripe.checkout.sessions.retrieve(
    String(checked.body.sessionId),
    {},
    { stripeAccount: account },
  );
  const paid = {
    ...session,
    status: 'complete',
    payment_status: 'paid',
    payment_intent: await realPaymentIntent(),
    customer_details: {
      email,
      name: 'Zoë Ångström 📷',
      phone: null,
      address: null,
      tax_exempt: 'none',
      tax_ids: [],
    },
  };
  return { session, paid, account };
}

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const paidOrder = () => freshOrder(env, { orderType: 'PAID_ORDER', totalMinor: 1500 });

describe('checkout.session.completed', () => {
  it('fulfils once and emails once when the same event is delivered 50 times, 10 at once', async () => {
    const order = await paidOrder();
    const email = uniqueEmail('fifty');
    const { paid, account } = await paidSessionFor(order, email);
    const payload = eventPayload('checkout.session.completed', paid, account);
    const salesBefore = (await getUser(order.sellerId))?.totalSalesMinor ?? 0;

    const statuses: number[] = [];
    for (let batch = 0; batch < 5; batch++) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
      statuses.push(...answers.map((a) => a.status));
    }
    // A delivery that finds another at work is told to retry (409); every other one is acknowledged.
    expect(
      statuses.every((s) => s === 200 || s === 409),
      statuses.join(),
    ).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(41);
    expect((await deliver(payload)).status).toBe(200);

    const stored = await getOrder(order.orderId);
    expect(stored).toMatchObject({
      status: 'FULFILLED',
      customerEmail: email,
      paidCheckoutSessionId: paid.id,
      paymentIntentId: paid.payment_intent,
    });
    expect(await mailTo(env, email)).toHaveLength(1);
    // The dashboard's totalSales moved once, by the order's total.
    expect((await getUser(order.sellerId))?.totalSalesMinor).toBe(salesBefore + 1500);
  });

  it('fulfils once and emails once when ten different events for one session race', async () => {
    const order = await paidOrder();
    const email = uniqueEmail('distinct');
    const { paid, account } = await paidSessionFor(order, email);
    const payloads = Array.from({ length: 10 }, () =>
      eventPayload('checkout.session.completed', paid, account),
    );
    const answers = await Promise.all(payloads.map((payload) => deliver(payload)));
    // One fulfils; one that arrives before the winner has recorded the email is told to retry (409).
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => s === 200 || s === 409),
      statuses.join(),
    ).toBe(true);
    // Stripe's retries of those are then acknowledged, and send nothing more.
    for (const payload of payloads) expect((await deliver(payload)).status).toBe(200);
    expect((await getOrder(order.orderId))?.status).toBe('FULFILLED');
    expect(await mailTo(env, email)).toHaveLength(1);
  });

  it('is what paying on the emulator’s checkout page triggers, and resending it changes nothing', async () => {
    const order = await paidOrder();
    const email = uniqueEmail('page');
    const checked = await calls.checkOrder(order.orderId);
    const paidPage = await submitCheckoutPage(String(checked.body.stripeCheckoutUrl), { email });
    expect(paidPage.status).toBe(303);
    const stored = await waitFor(
      () => getOrder(order.orderId),
      (o) => Boolean(o?.confirmationEmailSentAt),
    );
    expect(stored?.status).toBe('FULFILLED');
    const events = await stripe.events.list({ type: 'checkout.session.completed', limit: 100 });
    const event = events.data.find((e) => (e.data.object as { id: string }).id === checked.body.sessionId);
    expect(event).toBeDefined();
    for (let i = 0; i < 3; i++) {
      const resend = await fetch(`${env.stack.urls.stripe}/__control/events/${event?.id}/resend`, {
        method: 'POST',
      });
      expect(resend.ok).toBe(true);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await getOrder(order.orderId))?.fulfilledAt).toBe(stored?.fulfilledAt);
    expect(await mailTo(env, email)).toHaveLength(1);
  });

  it('does not fulfil a subscription session, a wrong amount or an unpaid session (a delayed payment)', async () => {
    const order = await paidOrder();
    const { paid, account } = await paidSessionFor(order, uniqueEmail('unpaid'));
    for (const object of [
      { ...paid, mode: 'subscription' },
      { ...paid, amount_total: 1 },
      { ...paid, currency: 'usd' },
      { ...paid, metadata: { orderId: 'AAAAAAAAAAAAAAAAAAAAAA' } },
    ]) {
      expect((await deliver(eventPayload('checkout.session.completed', object, account))).status).toBe(200);
    }
    expect((await getOrder(order.orderId))?.status).toBe('PENDING');
    // Completed unpaid: a bank debit is on its way; the order waits for it, photos still withheld.
    const unpaid = { ...paid, payment_status: 'unpaid' };
    expect((await deliver(eventPayload('checkout.session.completed', unpaid, account))).status).toBe(200);
    expect(await getOrder(order.orderId)).toMatchObject({
      status: 'PROCESSING',
      statusReason: 'PAYMENT_PROCESSING',
    });
    expect((await calls.fulfilledPhotos(order.orderId)).status).toBe(409);
  });

  it('verifies the raw bytes, whether the gateway passes them as text or base64', async () => {
    const order = await paidOrder();
    const email = uniqueEmail('bytes');
    const { paid, account } = await paidSessionFor(order, email);
    // Non-ASCII text in the body (the customer's name): re-encoding it would break the signature.
    const payload = eventPayload('checkout.session.completed', paid, account);
    expect(payload).toContain('Zoë Ångström 📷');
    const asBase64 = await deliver(payload, { contentType: 'application/octet-stream' });
    expect(asBase64).toEqual({ status: 200, body: { received: true } });
    expect((await getOrder(order.orderId))?.status).toBe('FULFILLED');
    expect((await deliver(payload)).status).toBe(200);
    expect(await mailTo(env, email)).toHaveLength(1);
  });
});

describe('signature', () => {
  it('refuses a tampered body, a wrong secret, an old signature or none with 400, changing nothing', async () => {
    const order = await paidOrder();
    const email = uniqueEmail('tamper');
    const { paid, account } = await paidSessionFor(order, email);
    const payload = eventPayload('checkout.session.completed', paid, account);
    const goodSignature = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: await secretFor(payload),
    });
    const refused = [
      await deliver(payload.replace('"amount_total": 1500', '"amount_total": 1501'), {
        signature: goodSignature,
      }),
      await deliver(`${payload} `, { signature: goodSignature }),
      await deliver(payload, {
        signature: stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' }),
      }),
      await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      await deliver(payload, {
        signature: goodSignature.replace(
          /v1=[0-9a-f]/,
          (m) => `${m.slice(0, -1)}${m.endsWith('0') ? '1' : '0'}`,
        ),
      }),
    ];
    for (const answer of refused) {
      expect(answer).toEqual({ status: 400, body: { message: serverErrors.stripeSignatureInvalid } });
    }
    expect(await deliver(payload, { signature: '' })).toEqual({
      status: 400,
      body: { message: serverErrors.stripeSignatureMissing },
    });
    expect((await getOrder(order.orderId))?.status).toBe('PENDING');
    expect(await mailTo(env, email)).toHaveLength(0);
    // Nothing was marked processed: the genuine delivery still fulfils.
    expect((await deliver(payload)).status).toBe(200);
    expect((await getOrder(order.orderId))?.status).toBe('FULFILLED');
  });
});

describe('other events', () => {
  it('checkout.session.expired lets the next order check create a fresh session', async () => {
    const order = await paidOrder();
    const first = await calls.checkOrder(order.orderId);
    const expire = await fetch(
      `${env.stack.urls.stripe}/__control/checkout/sessions/${first.body.sessionId}/expire`,
      {
        method: 'POST',
      },
    );
    expect(expire.ok).toBe(true);
    const ended = await waitFor(
      () => getOrder(order.orderId),
      (o) => Date.parse(o?.checkoutExpiresAt ?? '') <= Date.now(),
    );
    expect(Date.parse(ended?.checkoutExpiresAt ?? '')).toBeLessThanOrEqual(Date.now());
    const second = await calls.checkOrder(order.orderId);
    expect(second.body.nextStep).toBe('REDIRECT_TO_STRIPE');
    expect(second.body.sessionId).not.toBe(first.body.sessionId);
    const fresh = await stripe.checkout.sessions.retrieve(
      String(second.body.sessionId),
      {},
      { stripeAccount: await sellerAccountOf(order) },
    );
    expect(fresh.status).toBe('open');
  });

  it('acknowledges an unknown event type and does nothing', async () => {
    const order = await paidOrder();
    const answer = await deliver(
      eventPayload('customer.created', {
        id: 'cus_test',
        object: 'customer',
        metadata: { orderId: order.orderId },
      }),
    );
    expect(answer).toEqual({ status: 200, body: { received: true } });
    expect((await getOrder(order.orderId))?.status).toBe('PENDING');
  });
});
