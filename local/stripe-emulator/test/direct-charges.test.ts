/**
 * Direct charges: a Checkout Session made on the seller's connected account with the Stripe-Account
 * header and an application fee, paid on the hosted page. The money objects belong to the account
 * (invisible without its header), the fee to the platform; the charge's balance transaction carries
 * Stripe's fee and the application fee, and becomes available after the account's payout delay.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOnboardedAccount,
  eventType,
  failure,
  type ReceivedWebhook,
  SHUTTERLANE_PAYOUTS,
  startTestEmulator,
  startWebhookReceiver,
  submitCheckoutPage,
  TEST_WEBHOOK_SECRET,
  type TestEmulator,
  type WebhookReceiver,
} from '../testing';

let t: TestEmulator;
let seller: Stripe.Account;
let otherSeller: Stripe.Account;
beforeAll(async () => {
  t = await startTestEmulator();
  seller = await createOnboardedAccount(t.stripe, 'seller@example.com', {
    payoutSchedule: SHUTTERLANE_PAYOUTS,
  });
  otherSeller = await createOnboardedAccount(t.stripe, 'other@example.com');
});
afterAll(() => t.stop());

const DAY = 24 * 60 * 60;

/** What Shutterlane sends for a £25 order: a direct charge with its 5% fee. */
const directSession = (
  overrides: Partial<Stripe.Checkout.SessionCreateParams> = {},
  account: string = seller.id,
) =>
  t.stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'gbp', unit_amount: 2500, product_data: { name: 'Photos' } },
        },
      ],
      payment_intent_data: { application_fee_amount: 125, metadata: { orderId: 'order-1' } },
      metadata: { orderId: 'order-1' },
      success_url: 'http://app.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/orders/order-1',
      ...overrides,
    },
    { stripeAccount: account },
  );

const paidSession = async () => {
  const session = await directSession();
  const paid = await submitCheckoutPage(session.url ?? '', { email: 'buyer@example.com' });
  expect(paid.status).toBe(303);
  return session;
};

describe('the Stripe-Account header', () => {
  it('makes the session on the connected account, seen only with that account’s header', async () => {
    const session = await directSession();
    const asSeller = { stripeAccount: seller.id };
    expect((await t.stripe.checkout.sessions.retrieve(session.id, {}, asSeller)).id).toBe(session.id);
    const items = await t.stripe.checkout.sessions.listLineItems(session.id, {}, asSeller);
    expect(items.data.map((item) => item.amount_total)).toEqual([2500]);

    const asPlatform = await failure(t.stripe.checkout.sessions.retrieve(session.id));
    expect(asPlatform).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(asPlatform).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect((asPlatform as Error).message).toBe(`No such checkout.session: '${session.id}'`);
    const asOther = await failure(
      t.stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: otherSeller.id }),
    );
    expect(asOther).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect(await failure(t.stripe.checkout.sessions.listLineItems(session.id))).toMatchObject({
      statusCode: 404,
    });
  });

  it('refuses an account that is not connected to the platform with Stripe’s account_invalid', async () => {
    const error = await failure(directSession({}, 'acct_1notconnected00'));
    expect(error).toBeInstanceOf(Stripe.errors.StripePermissionError);
    expect(error).toMatchObject({ statusCode: 403, code: 'account_invalid' });
    expect((error as Error).message).toBe(
      "The provided key 'sk_test_********_tests' does not have access to account 'acct_1notconnected00' (or that account does not exist). Application access may have been revoked.",
    );
  });

  it('refuses calls the emulator does not model for a connected account, rather than acting on the platform', async () => {
    const error = await failure(t.stripe.prices.list({}, { stripeAccount: seller.id }));
    expect(error).toMatchObject({ statusCode: 400 });
    expect((error as Error).message).toContain('does not model GET /v1/prices for a connected account');
  });

  it('expires a session only with its account’s header, and says so on that account', async () => {
    const session = await directSession();
    expect(await failure(t.stripe.checkout.sessions.expire(session.id))).toMatchObject({ statusCode: 404 });
    const expired = await t.stripe.checkout.sessions.expire(session.id, {}, { stripeAccount: seller.id });
    expect(expired).toMatchObject({ id: session.id, status: 'expired', url: null });
    expect((await t.waitForEvent('checkout.session.expired', session.id)).account).toBe(seller.id);
  });

  it('refuses an idempotency key reused for another account', async () => {
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      line_items: [
        { quantity: 1, price_data: { currency: 'gbp', unit_amount: 900, product_data: { name: 'x' } } },
      ],
    };
    await t.stripe.checkout.sessions.create(params, { stripeAccount: seller.id, idempotencyKey: 'shared-1' });
    const error = await failure(
      t.stripe.checkout.sessions.create(params, {
        stripeAccount: otherSeller.id,
        idempotencyKey: 'shared-1',
      }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });
});

describe('creating a direct-charge session', () => {
  it('allows an application fee without a destination, but not above the total', async () => {
    expect((await directSession()).amount_total).toBe(2500);
    const tooHigh = await failure(directSession({ payment_intent_data: { application_fee_amount: 2501 } }));
    expect(tooHigh).toMatchObject({ statusCode: 400, param: 'payment_intent_data[application_fee_amount]' });
    const onThePlatform = await failure(
      t.stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          { quantity: 1, price_data: { currency: 'gbp', unit_amount: 900, product_data: { name: 'x' } } },
        ],
        payment_intent_data: { application_fee_amount: 45 },
      }),
    );
    expect(onThePlatform).toMatchObject({
      statusCode: 400,
      param: 'payment_intent_data[application_fee_amount]',
    });
  });

  it('needs an account that can take card payments', async () => {
    const notOnboarded = await t.stripe.accounts.create({
      type: 'express',
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    });
    const error = await failure(directSession({}, notOnboarded.id));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((error as Error).message).toBe(
      'You cannot create a charge on a connected account without the `card_payments` capability enabled.',
    );
  });

  it('refuses a destination on a connected account and subscriptions there (not modelled)', async () => {
    const destination = await failure(
      directSession({
        payment_intent_data: { application_fee_amount: 125, transfer_data: { destination: otherSeller.id } },
      }),
    );
    expect(destination).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'payment_intent_data[transfer_data][destination]',
    });
    const subscription = await failure(
      t.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'gbp',
                unit_amount: 900,
                recurring: { interval: 'month' },
                product_data: { name: 'x' },
              },
            },
          ],
        },
        { stripeAccount: seller.id },
      ),
    );
    expect(subscription).toMatchObject({ statusCode: 400, param: 'mode' });
  });
});

describe('a paid direct charge', () => {
  it('leaves a payment intent and charge on the account, its money in a balance transaction', async () => {
    const session = await paidSession();
    const asSeller = { stripeAccount: seller.id };
    const paid = await t.stripe.checkout.sessions.retrieve(
      session.id,
      { expand: ['payment_intent.latest_charge.balance_transaction'] },
      asSeller,
    );
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const intent = paid.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: 2500,
      amount_received: 2500,
      application_fee_amount: 125,
      transfer_data: null,
      metadata: { orderId: 'order-1' },
    });
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({
      object: 'charge',
      status: 'succeeded',
      paid: true,
      amount: 2500,
      amount_refunded: 0,
      refunded: false,
      disputed: false,
      application_fee_amount: 125,
      payment_intent: intent.id,
      billing_details: { email: 'buyer@example.com' },
      payment_method_details: { type: 'card', card: { last4: '4242', brand: 'visa' } },
    });
    const transaction = charge.balance_transaction as Stripe.BalanceTransaction;
    expect(transaction).toMatchObject({
      object: 'balance_transaction',
      type: 'charge',
      source: charge.id,
      amount: 2500,
      // Stripe's fee: 1.5% of £25.00 (37.5p, rounded to 38p) + 20p; then Shutterlane's 5%.
      fee: 58 + 125,
      net: 2500 - 58 - 125,
      currency: 'gbp',
      status: 'pending',
    });
    expect(transaction.fee_details).toEqual([
      {
        amount: 58,
        application: null,
        currency: 'gbp',
        description: 'Stripe processing fees',
        type: 'stripe_fee',
      },
      {
        amount: 125,
        application: expect.stringMatching(/^ca_/) as string,
        currency: 'gbp',
        description: 'Shutterlane application fee',
        type: 'application_fee',
      },
    ]);
    // Available 28 days (the account's delay_days) after the start of the payment's day, UTC.
    expect(transaction.available_on).toBe(Math.floor(charge.created / DAY) * DAY + 28 * DAY);

    expect(await t.stripe.balanceTransactions.retrieve(transaction.id, {}, asSeller)).toEqual(transaction);
    expect(await failure(t.stripe.balanceTransactions.retrieve(transaction.id))).toMatchObject({
      statusCode: 404,
    });
    expect(await failure(t.stripe.charges.retrieve(charge.id))).toMatchObject({ statusCode: 404 });
    const charges = await t.stripe.charges.list({ payment_intent: intent.id }, asSeller);
    expect(charges.data.map((listed) => listed.id)).toEqual([charge.id]);
  });

  it('expands as Stripe does: nested paths, `data.` on lists, and refuses what cannot be expanded', async () => {
    const session = await paidSession();
    const asSeller = { stripeAccount: seller.id };
    const intentId = String(
      (await t.stripe.checkout.sessions.retrieve(session.id, {}, asSeller)).payment_intent,
    );
    const charges = await t.stripe.charges.list(
      { payment_intent: intentId, expand: ['data.balance_transaction'] },
      asSeller,
    );
    expect(charges.data[0]?.balance_transaction).toMatchObject({ object: 'balance_transaction', fee: 183 });
    const unknown = await failure(
      t.stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.colour'] }, asSeller),
    );
    expect(unknown).toMatchObject({
      statusCode: 400,
      message: 'This property cannot be expanded (payment_intent.colour).',
    });
    const stored = await t.stripe.paymentIntents.retrieve(intentId, {}, asSeller);
    expect(typeof stored.latest_charge).toBe('string');
  });

  it('gives the platform its application fee, taken from the account', async () => {
    const session = await paidSession();
    const intent = await t.stripe.paymentIntents.retrieve(
      String(
        (await t.stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: seller.id }))
          .payment_intent,
      ),
      { expand: ['latest_charge'] },
      { stripeAccount: seller.id },
    );
    const charge = intent.latest_charge as Stripe.Charge;
    const fee = await t.stripe.applicationFees.retrieve(String(charge.application_fee));
    expect(fee).toMatchObject({
      object: 'application_fee',
      account: seller.id,
      amount: 125,
      amount_refunded: 0,
      refunded: false,
      charge: charge.id,
      currency: 'gbp',
    });
    const listed = await t.stripe.applicationFees.list({ charge: charge.id });
    expect(listed.data.map((item) => item.id)).toEqual([fee.id]);
    const event = await t.waitForEvent('application_fee.created', fee.id);
    expect(event.account).toBeUndefined();
  });

  it('shows the seller the net in the Express dashboard', async () => {
    await paidSession();
    const login = await t.stripe.accounts.createLoginLink(seller.id);
    expect(await (await fetch(login.url)).text()).toContain('£23.17');
  });
});

describe('events of a direct charge', () => {
  const settled = async (target: WebhookReceiver, count: number) => {
    await target.waitFor(() => target.received.length >= count);
    await new Promise((resolve) => setTimeout(resolve, 150));
    return target.received;
  };
  const verifyWith = (webhook: ReceivedWebhook | undefined, secret: string) =>
    t.stripe.webhooks.constructEvent(
      webhook?.body ?? '',
      String(webhook?.headers['stripe-signature']),
      secret,
    );

  it('go to Connect endpoints with the account; the application fee to platform endpoints', async () => {
    const [connectReceiver, platformReceiver] = await Promise.all([
      startWebhookReceiver(),
      startWebhookReceiver(),
    ]);
    try {
      const connect = await t.stripe.webhookEndpoints.create({
        url: connectReceiver.url,
        enabled_events: ['checkout.session.completed'],
        connect: true,
      });
      const platform = await t.stripe.webhookEndpoints.create({
        url: platformReceiver.url,
        enabled_events: ['checkout.session.completed', 'application_fee.created'],
      });
      const session = await paidSession();
      const [completed] = await settled(connectReceiver, 1);
      expect(verifyWith(completed, connect.secret ?? '')).toMatchObject({
        type: 'checkout.session.completed',
        account: seller.id,
        data: { object: { id: session.id, payment_status: 'paid' } },
      });
      const toPlatform = await settled(platformReceiver, 1);
      expect(toPlatform.map(eventType)).toEqual(['application_fee.created']);
      expect(verifyWith(toPlatform[0], platform.secret ?? '').account).toBeUndefined();
      expect(() => verifyWith(completed, TEST_WEBHOOK_SECRET)).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
      await t.stripe.webhookEndpoints.del(connect.id);
      await t.stripe.webhookEndpoints.del(platform.id);
    } finally {
      await connectReceiver.close();
      await platformReceiver.close();
    }
  });

  it('are listed for the account with its header, and only its own', async () => {
    const session = await paidSession();
    await t.waitForEvent('checkout.session.completed', session.id);
    const events = await t.stripe.events.list({ limit: 100 }, { stripeAccount: seller.id });
    expect(events.data.length).toBeGreaterThan(0);
    expect(events.data.every((event) => event.account === seller.id)).toBe(true);
    expect(events.data.map((event) => event.type)).toContain('checkout.session.completed');
  });
});
