/**
 * Delayed payments: Bacs Direct Debit on the hosted checkout page, offered for GBP payments (on a
 * connected account with the `bacs_debit_payments` capability). Paying completes the session unpaid;
 * a control endpoint settles it later, as the bank would, succeeded or failed.
 */
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { sellerSuite } from './stripe-emulator-suite';
import { createOnboardedAccount, failure, settleDelayedPayment, submitBacsDebitPage } from '../testing';

const suite = sellerSuite({ bacsDebit: true });

const sessionParams = (
  overrides: Partial<Stripe.Checkout.SessionCreateParams> = {},
): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  line_items: [
    { quantity: 1, price_data: { currency: 'gbp', unit_amount: 2500, product_data: { name: 'Photos' } } },
  ],
  payment_intent_data: { application_fee_amount: 125 },
  success_url: 'http://app.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
  ...overrides,
});

/** A direct-charge session paid by Bacs Direct Debit on the hosted page. */
const paidByDirectDebit = async () => {
  const session = await suite.t.stripe.checkout.sessions.create(sessionParams(), suite.asSeller());
  const paid = await submitBacsDebitPage(session.url ?? '', { email: 'buyer@example.com' });
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toBe(`http://app.test/checkout/success?session_id=${session.id}`);
  return session;
};

const expanded = (sessionId: string) =>
  suite.t.stripe.checkout.sessions.retrieve(
    sessionId,
    { expand: ['payment_intent.latest_charge.balance_transaction'] },
    suite.asSeller(),
  );

describe('the hosted page', () => {
  it('offers Bacs Direct Debit when it suits the session and is not excluded', async () => {
    const withBacs = await suite.t.stripe.checkout.sessions.create(sessionParams(), suite.asSeller());
    expect(withBacs).toMatchObject({
      payment_method_types: ['card', 'bacs_debit'],
      allowed_payment_method_types: null,
    });
    const page = await (await fetch(withBacs.url ?? '')).text();
    expect(page).toContain('<h2>Or pay by Bacs Direct Debit</h2>');
    expect(page).toMatch(/<label for="sort_code">Sort code<\/label>\s*<input[^>]*value="10-88-00"/);
    expect(page).toContain('<button type="submit">Pay by Bacs Direct Debit</button>');

    const cardOnly = await suite.t.stripe.checkout.sessions.create(
      sessionParams({ excluded_payment_method_types: ['bacs_debit'] }),
      suite.asSeller(),
    );
    expect(cardOnly.payment_method_types).toEqual(['card']);
    expect(await (await fetch(cardOnly.url ?? '')).text()).not.toContain('Bacs');
    const refused = await submitBacsDebitPage(cardOnly.url ?? '');
    expect(refused.status).toBe(402);
    expect((await suite.t.stripe.checkout.sessions.retrieve(cardOnly.id, {}, suite.asSeller())).status).toBe(
      'open',
    );
  });

  it('refuses an incomplete bank account and changes nothing', async () => {
    const session = await suite.t.stripe.checkout.sessions.create(sessionParams(), suite.asSeller());
    const response = await submitBacsDebitPage(session.url ?? '', { sortCode: '10-88' });
    expect(response.status).toBe(402);
    expect(await response.text()).toContain(
      '<p class="error" role="alert">Your sort code is incomplete.</p>',
    );
    expect(await suite.t.stripe.checkout.sessions.retrieve(session.id, {}, suite.asSeller())).toMatchObject({
      status: 'open',
      payment_intent: null,
    });
  });
});

describe('paying by Bacs Direct Debit', () => {
  it('completes the session unpaid: the payment processing, the charge pending, no money yet', async () => {
    const session = await paidByDirectDebit();
    const completed = await expanded(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    const intent = completed.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      status: 'processing',
      amount_received: 0,
      payment_method_types: ['card', 'bacs_debit'],
    });
    expect(intent.latest_charge).toMatchObject({
      status: 'pending',
      paid: false,
      balance_transaction: null,
      application_fee: null,
      payment_method_details: { type: 'bacs_debit', bacs_debit: { sort_code: '108800', last4: '2345' } },
    });
    const event = await suite.t.waitForEvent('checkout.session.completed', session.id);
    expect(event).toMatchObject({ account: suite.seller.id, data: { object: { payment_status: 'unpaid' } } });
    expect((await suite.t.waitForEvent('payment_intent.processing', intent.id)).account).toBe(
      suite.seller.id,
    );
    expect(await (await fetch(session.url ?? '')).text()).toContain('<h1>Payment processing</h1>');
  });

  it('settled as succeeded: paid, the money and fees recorded, async_payment_succeeded sent', async () => {
    const session = await paidByDirectDebit();
    const settled = await settleDelayedPayment(suite.t.emulator.url, session.id, 'succeeded');
    expect(settled).toMatchObject({ id: session.id, payment_status: 'paid' });
    const paid = await expanded(session.id);
    const intent = paid.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 2500 });
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({
      status: 'succeeded',
      paid: true,
      application_fee: expect.stringMatching(/^fee_/) as string,
    });
    // Bacs Direct Debit: 1% of £25.00 + 20p = 45p, plus the 5% application fee.
    expect(charge.balance_transaction).toMatchObject({
      amount: 2500,
      fee: 45 + 125,
      net: 2330,
      status: 'pending',
    });
    const event = await suite.t.waitForEvent('checkout.session.async_payment_succeeded', session.id);
    expect(event).toMatchObject({ account: suite.seller.id, data: { object: { payment_status: 'paid' } } });
  });

  it('settled as failed: still unpaid, the payment needs another method, async_payment_failed sent', async () => {
    const session = await paidByDirectDebit();
    await settleDelayedPayment(suite.t.emulator.url, session.id, 'failed');
    const failed = await expanded(session.id);
    expect(failed).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    const intent = failed.payment_intent as Stripe.PaymentIntent;
    expect(intent.status).toBe('requires_payment_method');
    expect(intent.last_payment_error).toMatchObject({ code: 'insufficient_funds' });
    expect(intent.latest_charge).toMatchObject({
      status: 'failed',
      failure_code: 'insufficient_funds',
      balance_transaction: null,
    });
    const event = await suite.t.waitForEvent('checkout.session.async_payment_failed', session.id);
    expect(event.account).toBe(suite.seller.id);
    await expect(settleDelayedPayment(suite.t.emulator.url, session.id, 'succeeded')).rejects.toThrow(
      /answered 400/,
    );
  });
});

describe('which payment methods a session offers', () => {
  it('Bacs Direct Debit for GBP only', async () => {
    const usd = sessionParams({
      line_items: [
        { quantity: 1, price_data: { currency: 'usd', unit_amount: 2500, product_data: { name: 'x' } } },
      ],
    });
    expect(
      (await suite.t.stripe.checkout.sessions.create(usd, suite.asSeller())).payment_method_types,
    ).toEqual(['card']);
    const onlyBacs = { ...usd, allowed_payment_method_types: ['bacs_debit' as const] };
    expect(await failure(suite.t.stripe.checkout.sessions.create(onlyBacs, suite.asSeller()))).toMatchObject({
      statusCode: 400,
      param: 'allowed_payment_method_types',
    });
  });

  it('Bacs Direct Debit only on a connected account with the bacs_debit_payments capability', async () => {
    const cardsOnly = await createOnboardedAccount(suite.t.stripe, 'cards-only@example.com');
    const asCardsOnly = { stripeAccount: cardsOnly.id };
    expect(
      (await suite.t.stripe.checkout.sessions.create(sessionParams(), asCardsOnly)).payment_method_types,
    ).toEqual(['card']);
    const error = await failure(
      suite.t.stripe.checkout.sessions.create(
        sessionParams({ allowed_payment_method_types: ['bacs_debit'] }),
        asCardsOnly,
      ),
    );
    expect((error as Error).message).toMatch(/^No valid payment method types for this Checkout Session\./);
  });

  it('refuses the removed payment_method_types and values Stripe does not know', async () => {
    const removed = {
      ...sessionParams(),
      payment_method_types: ['card'],
    } as Stripe.Checkout.SessionCreateParams;
    expect(await failure(suite.t.stripe.checkout.sessions.create(removed, suite.asSeller()))).toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'payment_method_types',
    });
    const unknown = sessionParams({
      allowed_payment_method_types: [
        'cheque' as Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType,
      ],
    });
    expect(await failure(suite.t.stripe.checkout.sessions.create(unknown, suite.asSeller()))).toMatchObject({
      statusCode: 400,
      param: 'allowed_payment_method_types[0]',
    });
  });
});
