import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOnboardedAccount,
  failure,
  startTestEmulator,
  submitCheckoutPage,
  TEST_SECRET_KEY,
  type TestEmulator,
} from '../testing';

let t: TestEmulator;
let seller: Stripe.Account;
beforeAll(async () => {
  t = await startTestEmulator();
  seller = await createOnboardedAccount(t.stripe);
});
afterAll(() => t.stop());

/** What Shutterlane sends: a destination charge with a 5% application fee. */
const orderSession = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
  t.stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      {
        quantity: 2,
        price_data: { currency: 'GBP', unit_amount: 1000, product_data: { name: 'Photo download' } },
      },
      {
        quantity: 1,
        price_data: { currency: 'GBP', unit_amount: 500, product_data: { name: 'ZIP of all photos' } },
      },
    ],
    payment_intent_data: { application_fee_amount: 125, transfer_data: { destination: seller.id } },
    metadata: { orderId: 'order-123' },
    client_reference_id: 'order-123',
    success_url: 'http://app.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/orders/order-123',
    ...overrides,
  });

describe('Checkout Sessions', () => {
  it('creates an open session with the total computed and the currency lower-cased', async () => {
    const session = await orderSession();
    expect(session.id).toMatch(/^cs_test_[0-9A-Za-z]{58}$/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 2500,
      amount_subtotal: 2500,
      currency: 'gbp',
      metadata: { orderId: 'order-123' },
      client_reference_id: 'order-123',
      payment_intent: null,
      livemode: false,
    });
    expect(session.url).toBe(`${t.emulator.url}/c/pay/${session.id}`);
    expect(session.expires_at).toBeGreaterThan(session.created);
    expect((await t.stripe.checkout.sessions.retrieve(session.id)).amount_total).toBe(2500);
    const lineItems = await t.stripe.checkout.sessions.listLineItems(session.id);
    expect(lineItems.data.map((item) => item.description)).toEqual(['Photo download', 'ZIP of all photos']);
  });

  it('serves a hosted page with the amount, an email field, the prefilled test card, Pay and Cancel', async () => {
    const session = await orderSession({ customer_email: 'buyer@example.com' });
    const response = await fetch(session.url ?? '');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('£25.00');
    expect(html).toContain('GBP');
    expect(html).toMatch(
      /<label for="email">Email<\/label>\s*<input\s+id="email"[^>]*value="buyer@example.com"/,
    );
    expect(html).toMatch(
      /<label for="card_number">Card number<\/label>\s*<input[^>]*value="4242 4242 4242 4242"/,
    );
    expect(html).toContain('<button type="submit">Pay</button>');
    expect(html).toContain('<a href="http://app.test/orders/order-123">Cancel</a>');
  });

  it('takes a payment: session paid, redirect to success_url, signed checkout.session.completed', async () => {
    const session = await orderSession();
    const paid = await submitCheckoutPage(session.url ?? '', { email: 'buyer@example.com' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.test/checkout/success?session_id=${session.id}`);

    const completed = await t.stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    expect(completed.customer_details?.email).toBe('buyer@example.com');
    const intent = completed.payment_intent as Stripe.PaymentIntent;
    expect(intent.id).toMatch(/^pi_/);
    expect(intent).toMatchObject({
      amount: 2500,
      currency: 'gbp',
      status: 'succeeded',
      application_fee_amount: 125,
      transfer_data: { destination: seller.id },
    });

    const webhook = await t.receiver.waitFor(
      (w) => w.body.includes(session.id) && w.body.includes('completed'),
    );
    expect(String(webhook.headers['stripe-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = t.verify(webhook);
    expect(event).toMatchObject({ object: 'event', type: 'checkout.session.completed', livemode: false });
    expect(event.id).toMatch(/^evt_/);
    expect(event.api_version).toBe(Stripe.API_VERSION);
    const sessionInEvent = event.data.object as Stripe.Checkout.Session;
    expect(sessionInEvent).toMatchObject({
      id: session.id,
      payment_status: 'paid',
      metadata: { orderId: 'order-123' },
    });
    expect(sessionInEvent.payment_intent).toBe(intent.id);
    expect(() =>
      t.stripe.webhooks.constructEvent(
        webhook.body,
        String(webhook.headers['stripe-signature']),
        'whsec_wrong',
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);

    const again = await fetch(session.url ?? '');
    expect(await again.text()).toContain('<h1>Payment complete</h1>');
  });

  it('shows a declined card on the page and changes nothing', async () => {
    const session = await orderSession();
    const declined = await submitCheckoutPage(session.url ?? '', { cardNumber: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('<p class="error" role="alert">Your card was declined.</p>');
    const unchanged = await t.stripe.checkout.sessions.retrieve(session.id);
    expect(unchanged).toMatchObject({ status: 'open', payment_status: 'unpaid', payment_intent: null });
    const events = await t.stripe.events.list({ limit: 100 });
    expect(events.data.filter((event) => JSON.stringify(event.data.object).includes(session.id))).toEqual([]);
  });

  it('expires a session through the API and through expireSession, sending checkout.session.expired', async () => {
    const viaApi = await orderSession();
    const expired = await t.stripe.checkout.sessions.expire(viaApi.id);
    expect(expired).toMatchObject({ id: viaApi.id, status: 'expired', url: null });
    expect((await t.waitForEvent('checkout.session.expired', viaApi.id)).type).toBe(
      'checkout.session.expired',
    );
    expect(await failure(t.stripe.checkout.sessions.expire(viaApi.id))).toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
    const page = await fetch(viaApi.url ?? '');
    expect(page.status).toBe(410);
    const payExpired = await submitCheckoutPage(viaApi.url ?? '');
    expect(payExpired.status).toBe(410);
    expect((await t.stripe.checkout.sessions.retrieve(viaApi.id)).payment_status).toBe('unpaid');

    const viaControl = await orderSession();
    await t.emulator.expireSession(viaControl.id);
    expect((await t.stripe.checkout.sessions.retrieve(viaControl.id)).status).toBe('expired');
    await t.waitForEvent('checkout.session.expired', viaControl.id);
  });

  it('refuses a wrong API key with StripeAuthenticationError', async () => {
    const wrong = new Stripe('sk_test_wrong_key', {
      host: 'localhost',
      port: t.emulator.port,
      protocol: 'http',
    });
    const error = await failure(wrong.accounts.retrieve(seller.id));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401, type: 'StripeAuthenticationError' });
    expect((error as Error).message).toBe('Invalid API Key provided: sk_test_*****_key');
    expect(TEST_SECRET_KEY).not.toBe('sk_test_wrong_key');
  });

  it.each([
    [
      'a fee above the total',
      () => ({
        payment_intent_data: { application_fee_amount: 2501, transfer_data: { destination: seller.id } },
      }),
      'payment_intent_data[application_fee_amount]',
    ],
    [
      'an unknown destination',
      () => ({
        payment_intent_data: { application_fee_amount: 1, transfer_data: { destination: 'acct_1nope' } },
      }),
      'payment_intent_data[transfer_data][destination]',
    ],
    ['no line items', () => ({ line_items: [] }), 'line_items'],
    [
      'a missing product name',
      () => ({
        line_items: [
          {
            quantity: 1,
            price_data: { currency: 'gbp', unit_amount: 100, product_data: { description: 'x' } },
          },
        ],
      }),
      'line_items[0][price_data][product_data][name]',
    ],
    [
      'a total below the minimum charge',
      () => ({
        line_items: [
          { quantity: 1, price_data: { currency: 'gbp', unit_amount: 10, product_data: { name: 'x' } } },
        ],
      }),
      'line_items',
    ],
    ['a bad success_url', () => ({ success_url: 'not a url' }), 'success_url'],
    ['an unknown parameter', () => ({ colour: 'red' }), 'colour'],
  ] as const)('refuses %s with StripeInvalidRequestError', async (_case, overrides, param) => {
    // The SDK's types forbid an unknown parameter; the emulator must refuse it like Stripe.
    const error = await failure(orderSession(overrides() as Partial<Stripe.Checkout.SessionCreateParams>));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ param, type: 'StripeInvalidRequestError' });
  });

  it('refuses a destination that has not finished onboarding', async () => {
    const pending = await t.stripe.accounts.create({
      type: 'express',
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    });
    const error = await failure(
      orderSession({
        payment_intent_data: { application_fee_amount: 125, transfer_data: { destination: pending.id } },
      }),
    );
    expect(error).toMatchObject({ code: 'insufficient_capabilities_for_transfer', statusCode: 400 });
  });

  it('answers 404 resource_missing for an unknown session', async () => {
    const error = await failure(t.stripe.checkout.sessions.retrieve('cs_test_unknown'));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect((error as Error).message).toBe("No such checkout.session: 'cs_test_unknown'");
  });
});
