import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, submitCheckoutPage, type TestEmulator } from '../testing';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(() => t.stop());

const subscribe = async (email: string) => {
  const session = await t.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer_email: email,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'gbp',
          unit_amount: 1500,
          recurring: { interval: 'month' },
          product_data: { name: 'Advanced plan' },
        },
      },
    ],
    subscription_data: { metadata: { plan: 'advanced' } },
    client_reference_id: 'user-1',
    success_url: 'http://app.test/dashboard?subscribed=1',
  });
  const paid = await submitCheckoutPage(session.url ?? '', { email });
  expect(paid.status).toBe(303);
  return t.waitForEvent('checkout.session.completed', session.id);
};

describe('subscriptions and the billing portal', () => {
  it('creates a customer and an active subscription when a subscription checkout is paid', async () => {
    const event = await subscribe('subscriber@example.com');
    const session = event.data.object as Stripe.Checkout.Session;
    expect(session).toMatchObject({
      mode: 'subscription',
      payment_status: 'paid',
      client_reference_id: 'user-1',
    });
    expect(session.customer).toMatch(/^cus_/);
    expect(session.subscription).toMatch(/^sub_/);
    const subscription = await t.stripe.subscriptions.retrieve(String(session.subscription));
    expect(subscription).toMatchObject({
      status: 'active',
      customer: session.customer,
      metadata: { plan: 'advanced' },
    });
    expect(subscription.items.data[0]?.current_period_end).toBeGreaterThan(subscription.start_date);
    const created = await t.waitForEvent('customer.subscription.created', subscription.id);
    expect(created.type).toBe('customer.subscription.created');
  });

  it('refuses a recurring price in payment mode and a one-time price in subscription mode', async () => {
    const oneTime = t.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [
        { quantity: 1, price_data: { currency: 'gbp', unit_amount: 1500, product_data: { name: 'x' } } },
      ],
    });
    await expect(oneTime).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('cancels at period end from the portal and ends the subscription through the API', async () => {
    const event = await subscribe('portal@example.com');
    const session = event.data.object as Stripe.Checkout.Session;
    const portal = await t.stripe.billingPortal.sessions.create({
      customer: String(session.customer),
      return_url: 'http://app.test/manage-account',
    });
    expect(portal.url).toBe(`${t.emulator.url}/p/session/${portal.id}`);
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Advanced plan');
    expect(page).toContain('<a href="http://app.test/manage-account">Return to merchant</a>');

    const subscriptionId = String(session.subscription);
    const cancel = await fetch(`${portal.url}/subscriptions/${subscriptionId}/cancel`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(cancel.status).toBe(303);
    const updated = await t.waitForEvent('customer.subscription.updated', subscriptionId);
    expect(updated.data.object).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(updated.data.previous_attributes).toEqual({ cancel_at_period_end: false, canceled_at: null });

    const ended = await t.stripe.subscriptions.cancel(subscriptionId);
    expect(ended.status).toBe('canceled');
    await t.waitForEvent('customer.subscription.deleted', subscriptionId);
  });

  it('refuses a portal session for an unknown customer', async () => {
    const error = await t.stripe.billingPortal.sessions
      .create({ customer: 'cus_unknown' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'resource_missing', statusCode: 404 });
  });
});
