/**
 * The Stripe webhook through the local gateway, with events signed as Stripe signs them: a paid
 * Checkout Session fulfils its order once and sends one email when different events for it race; the
 * emulator's own checkout page triggers it; sessions that must not fulfil do not; the raw bytes are what is
 * verified. Orders' sessions are direct charges on the seller's connected account, so their events carry
 * `account` and come signed with the Connect endpoint's secret. Duplicate deliveries, signatures, expired
 * sessions and unknown events are the security cases S01-S05, S09 and S10 (test/security).
 */
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { getOrder, type OrderRecord } from '../../functions/domains/orders/order-store';
import { LOCAL_SECRETS } from '@shutterlane/local-stack/config';
import { submitCheckoutPage } from '@shutterlane/stripe-emulator/testing';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { checkoutCalls, freshOrder, mailTo, uniqueEmail } from './checkout-helpers';
import { payNewOrder, sellerAccountOf, webhookSecrets } from './payments-helpers';

let calls: ReturnType<typeof checkoutCalls>;
let stripe: Stripe;

const env = useTestStack();
beforeAll(async () => {
  calls = checkoutCalls(env);
  const { hostname, port } = new URL(env.stack.urls.stripe);
  stripe = new Stripe(LOCAL_SECRETS.stripeSecretKey, {
    host: hostname,
    port: Number(port),
    protocol: 'http',
  });
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

  // A wrong amount or currency, or an order that is not there, is refunded instead (S34, S36).
  it('does not fulfil a subscription session or an unpaid session (a delayed payment)', async () => {
    const order = await paidOrder();
    const { paid, account } = await paidSessionFor(order, uniqueEmail('unpaid'));
    const asSubscription = { ...paid, mode: 'subscription' };
    expect((await deliver(eventPayload('checkout.session.completed', asSubscription, account))).status).toBe(
      200,
    );
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
